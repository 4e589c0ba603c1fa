import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, max, notInArray, type SQL, sum } from 'drizzle-orm';
import { DeliveryOption, OrderStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { type OrderItemRow, type OrderRow, orderItems, orders } from './tables';

export { listOrderEvents } from './events';
export type { OrderItemRow, OrderRow };

// ── Orders read by other areas (payments, the admin counter, addresses): one query each, batched by ids ──

/** The order with this id, whoever owns it; `lock` takes the row for update inside a transaction. */
export async function findOrderById(
  db: DbOrTx,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OrderRow | null> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The order numbers of these orders, by order id (one query, whatever the number of ids). */
export async function findOrderNumbersByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(inArray(orders.id, unique));
  return new Map(rows.map((r) => [r.id, r.orderNumber]));
}

/** Orders placed in [from, to), newest first, optionally of one status. */
export async function listOrdersPlaced(
  db: DbOrTx,
  filter: { from: Date; to: Date; status?: OrderStatus },
  limit: number,
): Promise<OrderRow[]> {
  const conditions: SQL[] = [gte(orders.createdAt, filter.from), lt(orders.createdAt, filter.to)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** The order's lines, in the order they were placed. */
export async function listOrderItems(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** How many orders the client placed, and when the last one was. */
export async function clientOrderStats(db: DbOrTx, clientId: string): Promise<{ count: number; lastAt: Date | null }> {
  const [stats] = await db
    .select({ n: count(), last: max(orders.createdAt) })
    .from(orders)
    .where(eq(orders.clientId, clientId));
  return { count: stats?.n ?? 0, lastAt: stats?.last ? new Date(stats.last) : null };
}

/** The delivery addresses of the client's home-delivery orders, newest first (repeats included). */
export async function listClientDeliveryAddresses(
  db: DbOrTx,
  clientId: string,
  limit: number,
): Promise<{ address: OrderRow['deliveryAddress']; at: Date }[]> {
  return db
    .select({ address: orders.deliveryAddress, at: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.clientId, clientId),
        eq(orders.deliveryOption, DeliveryOption.HomeDelivery),
        isNotNull(orders.deliveryAddress),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** Orders in these states no longer hold what they ordered. */
const RELEASED_STATUSES = [OrderStatus.Cancelled, OrderStatus.Failed];

/** What orders placed since `since` (and still standing) took of each of these products (one query). */
export async function quantitiesOrderedSince(
  db: DbOrTx,
  productIds: readonly string[],
  since: Date,
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: orderItems.productId, used: sum(orderItems.quantity) })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        inArray(orderItems.productId, [...productIds]),
        gte(orders.createdAt, since),
        notInArray(orders.status, RELEASED_STATUSES),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.used ?? 0)]));
}
