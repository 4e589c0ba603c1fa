import { and, asc, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { OrderStatus } from '../../../domain/enums';
import { ERASED_ADDRESS } from '../../../domain/schemas/privacy';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orderItems, orders } from './tables';

/**
 * Orders whose money was taken and whose goods have not left yet: the client is still owed
 * something, so their account cannot be erased until the order is collected, delivered or refunded.
 */
const OWED_STATUSES = [
  OrderStatus.Processing,
  OrderStatus.Paid,
  OrderStatus.ClientRejectPickup,
  OrderStatus.StaffRejectPickup,
];

/** The client's orders still owed to them (paid, not yet handed over), oldest first. */
export function owedOrders(db: DbOrTx, clientId: string) {
  return db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), inArray(orders.status, OWED_STATUSES), eq(orders.isDelivered, false)))
    .orderBy(asc(orders.createdAt));
}

/** The client's orders nobody paid for yet: cancelled before an erasure, so nothing is left half-open. */
export function unpaidOrderNumbers(db: DbOrTx, clientId: string) {
  return db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.status, OrderStatus.NotPaid)));
}

/** Every order of the client with its lines and timeline, newest first, as exported. */
export async function orderRecords(db: DbOrTx, clientId: string) {
  const rows = await db.select().from(orders).where(eq(orders.clientId, clientId)).orderBy(desc(orders.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const [items, events] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(orderItems.orderId), asc(orderItems.position)),
    // Who moved the order (a staff member's id) is the company's record, not the client's.
    db
      .select({
        orderId: orderEvents.orderId,
        kind: orderEvents.kind,
        status: orderEvents.status,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
      })
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt)),
  ]);
  return rows.map((order) => ({
    ...order,
    items: items.filter((i) => i.orderId === order.id),
    timeline: events.filter((e) => e.orderId === order.id),
  }));
}

/**
 * Erases what the client's orders say about people and places (the delivery address, the person
 * nominated to collect) and keeps the rest: numbers, lines, amounts and timeline stay for the
 * accounts under the client's pseudonym.
 */
export async function eraseOrderPersonalFields(tx: DbOrTx, clientId: string): Promise<void> {
  await tx
    .update(orders)
    .set({
      deliveryAddress: sql`case when ${orders.deliveryAddress} is null then null else ${JSON.stringify(ERASED_ADDRESS)}::jsonb end`,
      nomineeName: null,
      nomineePhone: null,
    })
    .where(
      and(
        eq(orders.clientId, clientId),
        or(isNotNull(orders.deliveryAddress), isNotNull(orders.nomineeName), isNotNull(orders.nomineePhone)),
      ),
    );
}
