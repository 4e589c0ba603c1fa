import { and, desc, eq } from 'drizzle-orm';
import type { AdminPickupDetail, PickupAttempt } from '../../../domain/schemas/pickup';
import type { DbOrTx } from '../../db/client';
import { findOrder, orderSummary, staffName, toPickupRecord } from './order-view';
import { type PickupAttemptRow, pickupAttempts, pickups } from './tables';

/**
 * The attempts as the history shows them: a failed one says that it failed, how, by whom and
 * when, never the text that was typed or scanned (`presented` stays in the table, unread here).
 */
async function toAttemptViews(db: DbOrTx, rows: PickupAttemptRow[]): Promise<PickupAttempt[]> {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.staffId).filter((v): v is string => v !== null))) {
    names.set(id, await staffName(db, id));
  }
  return rows.map((a) => ({
    id: a.id,
    status: a.status,
    method: a.method,
    reason: a.reason,
    staffId: a.staffId,
    staffName: a.staffId ? (names.get(a.staffId) ?? null) : null,
    createdAt: a.createdAt.toISOString(),
  }));
}

/**
 * An order's pickup history, found by order or pickup id: every request and every attempt at the
 * counter; null when neither names an order.
 */
export async function pickupHistoryOf(
  db: DbOrTx,
  id: string,
  isClientOnline: (clientId: string) => Promise<boolean>,
): Promise<AdminPickupDetail | null> {
  const [asPickup] = await db.select({ orderId: pickups.orderId }).from(pickups).where(eq(pickups.id, id));
  const order = await findOrder(db, asPickup?.orderId ?? id);
  if (!order) return null;
  const rows = await db.select().from(pickups).where(eq(pickups.orderId, order.id)).orderBy(desc(pickups.requestedAt));
  const attempts = await db
    .select()
    .from(pickupAttempts)
    .where(eq(pickupAttempts.orderId, order.id))
    .orderBy(desc(pickupAttempts.createdAt))
    .limit(200);
  const records = [];
  for (const row of rows) records.push(await toPickupRecord(db, row));
  return {
    order: await orderSummary(db, order, await isClientOnline(order.clientId)),
    pickups: records,
    attempts: await toAttemptViews(db, attempts),
  };
}

/** Whether the pickup request `pickupId` is one of the order's. */
export async function isPickupOfOrder(db: DbOrTx, pickupId: string, orderId: string): Promise<boolean> {
  const [own] = await db
    .select({ id: pickups.id })
    .from(pickups)
    .where(and(eq(pickups.id, pickupId), eq(pickups.orderId, orderId)));
  return own !== undefined;
}
