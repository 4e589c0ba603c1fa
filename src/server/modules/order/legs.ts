import type { SQL } from 'drizzle-orm';
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

/** A product the stock refused an order for: `stock_refused`'s row (StockLedger.inStatement). */
export type StockRefusal = { product_id: string; center_id?: string; reason: string; available: number };

/**
 * The stock and daily limits of products, kept by the quota area. An order is checked and its stock
 * taken inside the very statement that places it (`inStatement`), so placing is one statement and
 * two orders racing for the last cylinder cannot both get it.
 */
export type StockLedger = {
  /**
   * Parts of the placing statement, written by the quota area. `check` follows a CTE
   * `stock_needs(product_id uuid, center_id uuid, quantity double precision)` (one row per product
   * and gas center: what the statement's orders at that center need together) and defines
   * `stock_held` and `stock_refused`: no row, or the first product refused (a StockRefusal). The
   * orders are written only when it is empty; `take` follows a CTE `stock_written(product_id uuid,
   * center_id uuid, quantity double precision)`, what the lines written take per product at each
   * center, and takes exactly that.
   */
  inStatement: { check: SQL; take: SQL };
  /** The error for a refusal `check` found, worded with the order's products. */
  refusal(refused: StockRefusal, needs: StockNeed[]): Error;
  /**
   * Gives a cancelled order's lines back to the stock of its center (`placedAt`: when the order was
   * placed, for today's use).
   */
  release(
    tx: DbOrTx,
    lines: { productId: string; quantity: number }[],
    placedAt: Date,
    centerId: string,
  ): Promise<void>;
  /**
   * An order moved to another gas center: its lines given back at the center it leaves and taken
   * at the one it goes to (refusing, by throwing, what the new center cannot supply). Kept by a
   * ledger that holds stock per center; without it a move leaves the stock as it is.
   */
  moveToCenter?(
    tx: DbOrTx,
    lines: { productId: string; quantity: number }[],
    move: { from: string; to: string; placedAt: Date },
  ): Promise<void>;
  /** Told once the statement or transaction that took or gave back stock has committed. */
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
