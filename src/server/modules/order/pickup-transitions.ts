import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { type OrderPickUpDispute, OrderStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { rawStatement } from '../../db/statement';
import { recordOrderEvent } from './events';
import { toOrderRow } from './lookups';
import { type OrderRow, orderEvents, orders } from './tables';

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
  const [delivered] = await markDelivered.run(tx, {
    orderId,
    at: options.at.toISOString(),
    note: options.note,
    actorClientId: options.actorClientId,
  });
  return delivered ? toOrderRow(delivered.row) : null;
}

/**
 * The hand-over's change and its step on the timeline as CTEs (`delivered`, `step`), for a
 * statement that does more in the same round trip (the client's approval at the counter also
 * completes the pickup and tells the client). The step is written only when the order changed.
 * Values: at, note, and actorClientId unless the statement reads the actor itself (`actorClientId`).
 */
const at = sql`${sql.placeholder('at')}::timestamptz`;
export const pickedUpCtes = (
  orderId: SQLWrapper,
  actorClientId: SQLWrapper = sql`${sql.placeholder('actorClientId')}::uuid`,
) => sql`delivered as (
    update ${orders} set status = ${OrderStatus.Delivered}, is_delivered = true, delivered_at = ${at}, updated_at = ${at}
    where id = ${orderId} and is_delivered = false
    returning *
  ), step as (
    insert into ${orderEvents} (order_id, kind, status, note, actor_client_id, created_at)
    select id, 'order', ${OrderStatus.Delivered}, ${sql.placeholder('note')}, ${actorClientId}, ${at}
    from delivered
  )`;

/** markOrderPickedUp's statement, built once (db/statement.ts). */
const markDelivered = rawStatement<{ row: Record<string, unknown> }>(
  'order_mark_picked_up',
  sql`with ${pickedUpCtes(sql`${sql.placeholder('orderId')}::uuid`)}
  select row_to_json(delivered) as row from delivered`,
);

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
