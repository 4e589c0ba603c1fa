import type { FastifyBaseLogger } from 'fastify';
import type { DeliveryStatus } from '../../../domain/enums';
import type { Delivery } from '../../../domain/schemas/delivery';

/** A delivery moved (or its rider shared where they are): told after the change is committed. */
export type DeliveryChange = {
  delivery: Delivery;
  /** The status before; equal to `delivery.status` for a reassignment or a position. */
  previous: DeliveryStatus;
  at: string;
  byRider: boolean;
  /** The rider's phone shared a position with this change. */
  located: boolean;
  /** Only a position, no step (PUT /api/delivery/location). */
  positionOnly?: boolean;
  /** The gas center the order is delivered from (whose board shows it). */
  centerId?: string;
  /** A rider was assigned (or another one) with this change. */
  assigned?: boolean;
};

/** An order was paid (by card or from the wallet): a home delivery's joins its center's board. */
export type OrderPaid = { orderId?: string; orderNumber?: string };

export type DeliveryListener = (change: DeliveryChange) => void | Promise<void>;
export type OrderPaidListener = (paid: OrderPaid) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's delivery notices: every committed delivery change, for whoever listens (the
     * client's socket today; an SMS "out for delivery" can listen for InTransit the same way).
     */
    deliveryNotices: DeliveryNotices;
  }
}

/** Adds `listener` to `set`; answers the function that takes it out again. */
function listen<L>(set: Set<L>, listener: L): () => void {
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/**
 * Listeners of delivery changes. A listener's failure is logged and never undoes the change or
 * stops the others; async listeners are not awaited by the mover.
 */
export class DeliveryNotices {
  private readonly listeners = new Set<DeliveryListener>();
  private readonly paidListeners = new Set<OrderPaidListener>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  /**
   * Listens for orders paid (told after the payment's commit by the card and wallet paths);
   * answers the function that stops listening.
   */
  onOrderPaid(listener: OrderPaidListener): () => void {
    return listen(this.paidListeners, listener);
  }

  /** An order was paid (after the commit): whoever listens hears it; a failure is only logged. */
  orderPaid(paid: OrderPaid): void {
    for (const listener of this.paidListeners) this.run(() => listener(paid));
  }

  private run(call: () => void | Promise<void>): void {
    try {
      const pending = call();
      if (pending instanceof Promise) {
        pending.catch((err: unknown) => this.log?.error({ err }, 'a delivery listener failed'));
      }
    } catch (err) {
      this.log?.error({ err }, 'a delivery listener failed');
    }
  }

  /** Listens; answers the function that stops listening. */
  on(listener: DeliveryListener): () => void {
    return listen(this.listeners, listener);
  }

  emit(change: DeliveryChange): void {
    for (const listener of this.listeners) this.run(() => listener(change));
  }
}
