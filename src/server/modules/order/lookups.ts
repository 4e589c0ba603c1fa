import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  max,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { DeliveryOption, OrderStatus, type PaymentType } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { rowMapper, statement } from '../../db/statement';
import { mapByIds } from '../../lib/by-ids';
import { type OrderItemRow, type OrderRow, orderEvents, orderItems, orders } from './tables';

export { listOrderEvents } from './events';
export type { OrderItemRow, OrderRow };

// ── Orders read by other areas (payments, the admin counter, addresses): one query each, batched by ids ──

/** The order with this id, whoever owns it; `lock` takes the row for update inside a transaction. */
export async function findOrderById(
  db: DbOrTx,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OrderRow | null> {
  const [row] = await (lock ? orderByIdForUpdate : orderById).run(db, { id });
  return row ?? null;
}

/**
 * A statement's read of the order `id` (a value or a column), every column, locked for update: a
 * hand-over's first step, for a statement that goes on to write (as a `materialized` CTE, so the
 * lock is taken before the rest is decided).
 */
export const orderForUpdateSql = (id: SQLWrapper) => sql`select * from ${orders} where id = ${id} for update`;

/** An order row as a statement returns it (`row_to_json`), typed. */
export const toOrderRow = rowMapper(orders);

// Read on every hand-over and payment: built once (db/statement.ts).
const orderById = statement('order_by_id', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id'))),
);
const orderByIdForUpdate = statement('order_by_id_for_update', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update'),
);

/** The order whose pickup code this is (compared without case), or null. */
export async function findOrderByPickupCode(db: DbOrTx, code: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(sql`upper(${orders.pickupCode})`, code.toUpperCase()));
  return row ?? null;
}

/**
 * The client's paid orders to collect at the counter (not home deliveries, not cancelled), newest
 * first: those not handed over yet and those handed over after `deliveredSince`.
 */
export async function listClientCounterOrders(
  db: DbOrTx,
  clientId: string,
  filter: { deliveredSince: Date },
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.clientId, clientId),
        eq(orders.paymentStatus, 'success'),
        ne(orders.deliveryOption, DeliveryOption.HomeDelivery),
        ne(orders.status, OrderStatus.Cancelled),
        or(
          eq(orders.isDelivered, false),
          and(eq(orders.isDelivered, true), gt(orders.deliveredAt, filter.deliveredSince)),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** The order numbers of these orders, by order id (one query, whatever the number of ids). */
export function findOrderNumbersByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  return mapByIds(
    ids,
    (unique) =>
      db.select({ id: orders.id, orderNumber: orders.orderNumber }).from(orders).where(inArray(orders.id, unique)),
    (r) => [r.id, r.orderNumber],
  );
}

/** Orders placed in [from, to), newest first, optionally of one status, of one gas center. */
export async function listOrdersPlaced(
  db: DbOrTx,
  filter: { from: Date; to: Date; status?: OrderStatus; centerId?: string },
  limit: number,
): Promise<OrderRow[]> {
  const conditions: SQL[] = [gte(orders.createdAt, filter.from), lt(orders.createdAt, filter.to)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.centerId) conditions.push(eq(orders.centerId, filter.centerId));
  return db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/** The order's lines, in the order they were placed. */
export async function listOrderItems(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return orderItemsOf.run(db, { orderId });
}

const orderItemsOf = statement('order_items_of', (db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(orderItems.position)),
);

/**
 * A statement's read of an order's items as a hand-over shows them (`orderId`: a column or a
 * value): a JSON array of `{ name, quantity, sizeKg }` in the order's own order, empty when none.
 */
export const orderItemsSummaryOf = (orderId: SQLWrapper) =>
  sql<{ name: string; quantity: number; sizeKg: number | null }[]>`(select coalesce(json_agg(json_build_object(
    'name', i.name, 'quantity', i.quantity, 'sizeKg', i.size_kg) order by i.position), '[]'::json)
    from ${orderItems} i where i.order_id = ${orderId})`;

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
// ── Sales: paid orders and who made each sale, for the sales and shift reports ──

/** Statuses of an order whose money was taken (a refused pickup was still paid for). */
export const PAID_STATUSES = [
  OrderStatus.Paid,
  OrderStatus.Delivered,
  OrderStatus.ClientRejectPickup,
  OrderStatus.StaffRejectPickup,
] as const;

/**
 * Which events make a sale a staff member's: taking the payment at the counter (Paid), or handing
 * the goods over (Delivered) when the client paid online.
 */
const ATTRIBUTING_STATUSES = [OrderStatus.Paid, OrderStatus.Delivered];

/** A paid order, with the gas center it belongs to (a sale counts for that center's figures). */
export type PaidOrder = { id: string; total: number; paymentType: PaymentType | null; paidAt: Date; centerId: string };
export type AttributedOrder = PaidOrder & { actorClientId: string; attributedAt: Date };

/** The columns of a PaidOrder (paidAt still nullable as read). */
const paidOrderColumns = {
  id: orders.id,
  total: orders.total,
  paymentType: orders.paymentType,
  paidAt: orders.paidAt,
  centerId: orders.centerId,
};

/** Paid orders whose payment fell in [from, to). */
export async function listPaidOrders(db: DbOrTx, range: { from: Date; to: Date }): Promise<PaidOrder[]> {
  const rows = await db
    .select(paidOrderColumns)
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...PAID_STATUSES]),
        isNotNull(orders.paidAt),
        gte(orders.paidAt, range.from),
        lt(orders.paidAt, range.to),
      ),
    );
  return rows.flatMap((r) => (r.paidAt ? [{ ...r, paidAt: r.paidAt }] : []));
}

/**
 * Paid orders, each with the first payment or hand-over event made by one of `actors` (a subquery
 * of client ids: the staff), one SQL statement. The first such event wins, so an order counts once,
 * for one person; `kept` (a subquery of client ids) and `window` filter on that first event, after
 * it is picked; `paidIn` on when the order was paid.
 */
export async function listAttributedOrders(
  db: DbOrTx,
  filter: {
    actors: SQLWrapper;
    kept?: SQLWrapper;
    window?: { from: Date; to: Date };
    paidIn?: { from: Date; to: Date };
  },
): Promise<AttributedOrder[]> {
  const firstEvent = db
    .selectDistinctOn([orderEvents.orderId], {
      orderId: orderEvents.orderId,
      actorClientId: orderEvents.actorClientId,
      attributedAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(and(inArray(orderEvents.status, ATTRIBUTING_STATUSES), inArray(orderEvents.actorClientId, filter.actors)))
    .orderBy(asc(orderEvents.orderId), asc(orderEvents.createdAt))
    .as('first_staff_event');
  const conditions: SQL[] = [inArray(orders.status, [...PAID_STATUSES]), isNotNull(orders.paidAt)];
  if (filter.kept) conditions.push(inArray(firstEvent.actorClientId, filter.kept));
  if (filter.window) {
    conditions.push(gte(firstEvent.attributedAt, filter.window.from), lt(firstEvent.attributedAt, filter.window.to));
  }
  if (filter.paidIn) conditions.push(gte(orders.paidAt, filter.paidIn.from), lt(orders.paidAt, filter.paidIn.to));
  const rows = await db
    .select({
      ...paidOrderColumns,
      actorClientId: firstEvent.actorClientId,
      attributedAt: firstEvent.attributedAt,
    })
    .from(orders)
    .innerJoin(firstEvent, eq(firstEvent.orderId, orders.id))
    .where(and(...conditions));
  return rows.flatMap((r) =>
    r.paidAt && r.actorClientId ? [{ ...r, paidAt: r.paidAt, actorClientId: r.actorClientId }] : [],
  );
}

// ── For the dispatch board and the rider's day (delivery module) ──

/** These orders with their lines, by order id (two queries, whatever the number of ids). */
export async function findOrdersWithItemsByIds(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, OrderRow & { items: OrderItemRow[] }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const [rows, lines] = await Promise.all([
    db.select().from(orders).where(inArray(orders.id, unique)),
    db.select().from(orderItems).where(inArray(orderItems.orderId, unique)).orderBy(asc(orderItems.position)),
  ]);
  const found = new Map(rows.map((r) => [r.id, { ...r, items: [] as OrderItemRow[] }]));
  for (const line of lines) found.get(line.orderId)?.items.push(line);
  return found;
}

/**
 * The paid gas refills of these clients, one row per order with the largest cylinder it filled
 * (the refill reminder reads the client's rhythm from them).
 */
export async function paidRefillsOf(
  db: DbOrTx,
  clientIds: string[],
): Promise<{ clientId: string; orderId: string; sizeKg: number; paidAt: Date }[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select({
      clientId: orders.clientId,
      orderId: orders.id,
      sizeKg: max(orderItems.sizeKg),
      paidAt: orders.paidAt,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        inArray(orders.clientId, clientIds),
        isNotNull(orders.paidAt),
        isNotNull(orderItems.sizeKg),
        inArray(orders.status, [OrderStatus.Paid, OrderStatus.Delivered]),
      ),
    )
    .groupBy(orders.id);
  return rows.flatMap((r) =>
    r.paidAt && r.sizeKg !== null ? [{ ...r, sizeKg: Number(r.sizeKg), paidAt: r.paidAt }] : [],
  );
}
