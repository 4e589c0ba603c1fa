import { eq } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { normalizeOrderNumber } from '../../lib/references';
import type { OrderLegs } from './legs';
import { cancelLockedOrder } from './service';
import { type OrderRow, orders } from './tables';

/**
 * Staff take back a paid order: a counter sale not handed over (sell/refund.ts), or a paid order
 * whose delivery a dispatcher called off (delivery/cancel-paid.ts). The order becomes Cancelled
 * and its stock goes back, in the caller's transaction (the caller pays the money back and
 * records it). The order row is locked first, so two refunds cannot both go through.
 */
export async function cancelPaidOrder(
  tx: DbOrTx,
  legs: OrderLegs,
  orderNumber: string,
  options: { actorClientId: string; note: string; refusal?: string },
): Promise<{ before: OrderRow; after: OrderRow }> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, normalizeOrderNumber(orderNumber)))
    .for('update');
  if (!order) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
  const { after } = await cancelLockedOrder(tx, legs, order, {
    actor: 'staff',
    refusal:
      options.refusal ??
      `This sale cannot be refunded at the counter: it is ${order.status}. Only a paid sale not yet handed over can be.`,
    note: options.note,
    actorClientId: options.actorClientId,
  });
  return { before: order, after };
}
