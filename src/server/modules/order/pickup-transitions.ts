import { and, eq } from 'drizzle-orm';
import { type OrderPickUpDispute, OrderStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { recordOrderEvent } from './events';
import { type OrderRow, orders } from './tables';

// Order changes made at the pickup counter. Each runs inside the pickup's transaction, the order
// row already locked by the caller; the caller asked the order lifecycle whether the step is allowed.

/**
 * Handed over at the counter: Delivered, once (null when it already was), and the step on the
 * timeline as the act of `actorClientId` (the staff member who handed it over).
 */
export async function markOrderPickedUp(
  tx: DbOrTx,
  orderId: string,
  options: { actorClientId: string; at: Date; note: string },
): Promise<OrderRow | null> {
  const [delivered] = await tx
    .update(orders)
    .set({ status: OrderStatus.Delivered, isDelivered: true, deliveredAt: options.at })
    .where(and(eq(orders.id, orderId), eq(orders.isDelivered, false)))
    .returning();
  if (!delivered) return null;
  await recordOrderEvent(tx, orderId, OrderStatus.Delivered, {
    note: options.note,
    actorClientId: options.actorClientId,
    at: options.at,
  });
  return delivered;
}

/**
 * Sets the order's status and pickup dispute as the pickup left them; a status change (a refused
 * pickup) goes on the timeline.
 */
export async function setOrderPickupOutcome(
  tx: DbOrTx,
  order: OrderRow,
  change: {
    status?: OrderStatus;
    pickupDispute?: OrderPickUpDispute;
    event?: { note: string; actorClientId: string | null; at: Date };
  },
): Promise<OrderRow | null> {
  const [updated] = await tx
    .update(orders)
    .set({
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.pickupDispute !== undefined ? { pickupDispute: change.pickupDispute } : {}),
    })
    .where(eq(orders.id, order.id))
    .returning();
  if (change.status && change.event) await recordOrderEvent(tx, order.id, change.status, change.event);
  return updated ?? null;
}
