import { and, eq } from 'drizzle-orm';
import { OrderStatus, type PaymentType } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { recordOrderEvent } from './events';
import { orders } from './tables';

/**
 * Moves an order from Not Paid to Paid (and puts the step on its timeline). Answers true only
 * for the call that made the change: two payments racing for one order give value once.
 */
export async function markOrderPaid(tx: DbOrTx, orderId: string, paymentType: PaymentType): Promise<boolean> {
  // One statement locks, checks and moves: the update waits for a concurrent one on the row and
  // then re-checks the status, so only one payment can make the change.
  const paidAt = new Date();
  const updated = await tx
    .update(orders)
    .set({ status: OrderStatus.Paid, paymentStatus: 'success', paymentType, paidAt })
    .where(and(eq(orders.id, orderId), eq(orders.status, OrderStatus.NotPaid)))
    .returning({ id: orders.id });
  if (updated.length !== 1) return false;
  await recordOrderEvent(tx, orderId, OrderStatus.Paid, { note: `Paid (${paymentType})`, at: paidAt });
  return true;
}
