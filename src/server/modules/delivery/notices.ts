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
};

export type DeliveryListener = (change: DeliveryChange) => void | Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The app's delivery notices: every committed delivery change, for whoever listens (the
     * client's socket today; an SMS "out for delivery" can listen for InTransit the same way).
     */
    deliveryNotices: DeliveryNotices;
  }
}

/**
 * Listeners of delivery changes. A listener's failure is logged and never undoes the change or
 * stops the others; async listeners are not awaited by the mover.
 */
export class DeliveryNotices {
  private readonly listeners = new Set<DeliveryListener>();

  constructor(private readonly log?: FastifyBaseLogger) {}

  /** Listens; answers the function that stops listening. */
  on(listener: DeliveryListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(change: DeliveryChange): void {
    for (const listener of this.listeners) {
      try {
        const pending = listener(change);
        if (pending instanceof Promise) {
          pending.catch((err: unknown) => this.log?.error({ err }, 'a delivery listener failed'));
        }
      } catch (err) {
        this.log?.error({ err }, 'a delivery listener failed');
      }
    }
  }
}
