import type { DbOrTx } from '../../db/client';
import type { OrderRow } from './tables';

/**
 * The delivery record of a home-delivery order, kept by the delivery area. The order area calls it
 * inside the order's own transaction, so an order and its delivery are stored or cancelled together.
 */
export type DeliveryLeg = {
  /** Opens the delivery of a home-delivery order just placed (its address, distance and fee). */
  open(tx: DbOrTx, order: OrderRow): Promise<void>;
  /** Cancels the order's delivery, if it has one; says whether it had. */
  cancel(tx: DbOrTx, orderId: string): Promise<boolean>;
};

/** What one product of an order takes: kg of gas, or items. */
export type StockNeed = { productId: string; name: string; quantity: number; unit: 'kg' | 'item' };

/**
 * The stock and daily limits of products, kept by the quota area. Reserving locks what it checks
 * and refuses (throws) an order that asks for more than is left; both run in the order's transaction.
 */
export type StockLedger = {
  /**
   * `placedOrderId`: the order being placed, already written in this transaction (the stock is
   * taken last, to hold its lock briefly); its own lines are not counted in today's use.
   */
  reserve(tx: DbOrTx, needs: StockNeed[], placedOrderId?: string): Promise<void>;
  /** Gives a cancelled order's lines back. */
  release(tx: DbOrTx, lines: { productId: string; quantity: number }[]): Promise<void>;
  /** Told once the transaction of a reserve or release has committed (what was taken is now seen by all). */
  committed?(): void;
};

/**
 * What placing and cancelling an order does in the areas that depend on orders. Declared here,
 * implemented by those areas and handed over by app.ts as `app.orderLegs`.
 */
export type OrderLegs = {
  stock: StockLedger;
  delivery: DeliveryLeg;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The areas an order's placement and cancellation reach, in the order's transaction. */
    orderLegs: OrderLegs;
  }
}
