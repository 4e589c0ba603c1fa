import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DeliveryOption, DeliveryStatus, OrderStatus, ProductType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { formatNaira } from '../../../domain/format';
import { assertTransition } from '../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../domain/lifecycles/order';
import {
  CLIENT_ORDER_COUNT_CAP,
  type ClientOrderListQuery,
  type ClientOrderPage,
  type NewOrderInput,
  newOrderInputSchema,
  type Order,
} from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import { rawStatement, rowMapper, statement, value } from '../../db/statement';
import { createEstimateMaps, type MapsAdapter } from '../../integrations/maps/adapter';
import { normalizeOrderNumber } from '../../lib/references';
import { forgetProducts } from '../product';
import { recordOrderEvent } from './events';
import type { OrderLegs, StockNeed } from './legs';
import { toOrderRow } from './lookups';
import { type OrderToPlace, type PlacedRows, placeOrders } from './placing';
import { type PricedOrder, priceOrder } from './pricing';
import { type OrderRow, orderEvents, orderItems, orders } from './tables';
import { orderViewOf, toOrderView } from './view';

export { recordOrderEvent } from './events';
export { isCancellable, toOrderView, toOrderViews } from './view';

export type CreateOrderOptions = {
  /** The areas placing an order reaches (stock, the delivery record), in the order's transaction: `app.orderLegs`. */
  legs: OrderLegs;
  /** Geocoding and distances for home delivery; defaults to the straight-line estimate. */
  maps?: MapsAdapter;
  /** Who placed it, when not the client (a staff member at the counter). */
  actorClientId?: string;
  /**
   * Places a pickup order in one statement with other clients' orders of the same moment
   * (`placingTogether`, made once per app); answers null for an order to be placed alone. Only for
   * a call on the database itself, never inside a transaction.
   */
  together?: (order: OrderToPlace) => Promise<PlacedRows | null>;
  /**
   * Price it at the prices of this moment, not today's: a counter sale made offline, recorded at
   * the price the cash was taken at. Placed alone.
   */
  pricedAt?: Date | undefined;
  /**
   * When the total the buyer agreed to (`expectedTotal`) no longer holds at today's prices: the
   * moment they agreed to it, if the order may be priced then (null: it may not). A counter sale
   * whose answer was lost and that is sent again after a price change: the cash was taken at that
   * total. Read only in that case; the order is then priced and placed as with `pricedAt`.
   */
  agreedAt?: ((db: DbOrTx) => Promise<Date | null>) | undefined;
  /**
   * The gas center it is served from, over any the input names: a counter sale's is the center of
   * the seller's shift.
   */
  centerId?: string | undefined;
};

/**
 * Dates an order just placed, and its first step, at the moment it was really made: a counter sale
 * made offline and synced later belongs to the day the cash was taken (the order lists and the
 * sales by day read these dates), not the day it reached the server.
 */
export async function datePlacedOrder(tx: DbOrTx, orderId: string, at: Date): Promise<void> {
  await tx.update(orders).set({ createdAt: at, updatedAt: at }).where(eq(orders.id, orderId));
  await tx
    .update(orderEvents)
    .set({ createdAt: at })
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, OrderStatus.NotPaid)));
}

/** An order by its number, whoever owns it (staff, payments, pickup). */
export async function findOrderByNumber(db: DbOrTx, orderNumber: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(eq(orders.orderNumber, normalizeOrderNumber(orderNumber)));
  return row ?? null;
}

export async function findOrderByPaymentNumber(db: DbOrTx, paymentNumber: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.orderPaymentNumber, paymentNumber.trim().toUpperCase()));
  return row ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client's order named by `ref`: its id (paths such as cancel/{id}) or its order number,
 * only if it belongs to this client: anyone else's is simply not found. The one query for "this
 * client's order"; `lock` takes the row for update inside a transaction.
 */
export async function findClientOrder(
  db: DbOrTx,
  clientId: string,
  ref: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OrderRow | null> {
  const byId = UUID.test(ref);
  const [row] = await clientOrderStatements[`${byId ? 'id' : 'number'}${lock ? 'Locked' : ''}`].run(db, {
    clientId,
    ref: byId ? ref.toLowerCase() : normalizeOrderNumber(ref),
  });
  return row ?? null;
}

/** Every call on a client's order reads it: built once (db/statement.ts), by id or number, locked or not. */
const clientOrderStatement = (name: string, column: typeof orders.id | typeof orders.orderNumber, lock: boolean) =>
  statement(name, (db) => {
    const query = db
      .select()
      .from(orders)
      .where(and(eq(column, sql.placeholder('ref')), eq(orders.clientId, sql.placeholder('clientId'))));
    return lock ? query.for('update') : query;
  });
const clientOrderStatements = {
  id: clientOrderStatement('client_order_by_id', orders.id, false),
  idLocked: clientOrderStatement('client_order_by_id_for_update', orders.id, true),
  number: clientOrderStatement('client_order_by_number', orders.orderNumber, false),
  numberLocked: clientOrderStatement('client_order_by_number_for_update', orders.orderNumber, true),
};

/** findClientOrder, throwing NotFound for anything not theirs. */
export async function requireClientOrder(db: DbOrTx, clientId: string, ref: string, lock = false): Promise<OrderRow> {
  const row = await findClientOrder(db, clientId, ref, { lock });
  if (!row) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
  return row;
}

function parseInput(input: unknown): NewOrderInput {
  const parsed = newOrderInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(issue?.message ?? 'Invalid order', {
    status: 400,
    type: ErrorType.InvalidInput,
    additionalInfo: { issues: z.treeifyError(parsed.error) },
  });
}

const totalHolds = (input: NewOrderInput, priced: PricedOrder) =>
  input.expectedTotal === undefined || input.expectedTotal === priced.total;

/**
 * The priced order, if its total is the one the client was shown (when they said which): a price
 * changed since they looked is refused before anything is written, with the total now, so nobody
 * pays or is charged another amount than the one they agreed to.
 */
function holdsExpectedTotal(input: NewOrderInput, priced: PricedOrder): PricedOrder {
  if (totalHolds(input, priced)) return priced;
  throw new AppError(
    `The prices changed since you looked: this order now comes to ${formatNaira(priced.total)}. Check it and confirm again.`,
    {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'PriceChanged', total: priced.total, expectedTotal: input.expectedTotal },
    },
  );
}

/**
 * Places an order for a client: prices it on the server, then takes the quota and stores the order,
 * its lines and its first timeline step (Not Paid) in one statement (placing.ts), so bad input or a
 * full quota stores nothing. A home-delivery order also opens its delivery record, in one
 * transaction with that statement. A pickup order given `together` (the client's own call, on the
 * database) may share its statement with other clients' orders placed at the same moment. Retried
 * HTTP calls are made idempotent by the Idempotency-Key plugin in front of the route.
 */
export async function createOrder(
  db: DbOrTx,
  clientId: string,
  input: NewOrderInput | unknown,
  options: CreateOrderOptions,
): Promise<Order> {
  const parsed = parseInput(input);
  const maps = options.maps ?? createEstimateMaps();
  const { stock, delivery } = options.legs;
  // Priced before anything is written (geocoding may call out to the network), from the products
  // as last read; the statement checks those prices still hold.
  let { pricedAt } = options;
  const centerId = options.centerId ?? parsed.centerId;
  let priced = await priceOrder(db, parsed, maps, { remembered: true, at: pricedAt, centerId });
  if (!totalHolds(parsed, priced) && !pricedAt && options.agreedAt) {
    const at = await options.agreedAt(db);
    const then = at ? await priceOrder(db, parsed, maps, { remembered: true, at, centerId }) : null;
    if (at && then && totalHolds(parsed, then)) {
      priced = then;
      pricedAt = at;
    }
  }
  priced = holdsExpectedTotal(parsed, priced);
  const toPlace = (): OrderToPlace => ({
    clientId,
    actorClientId: options.actorClientId ?? clientId,
    priced,
    ...(pricedAt ? { pricedAt } : {}),
  });
  const placeAlone = async (run: DbOrTx): Promise<PlacedRows> => {
    // A code already taken leaves the order unwritten, and new codes are then drawn; a price that
    // moved since the products were read writes nothing, and the order is priced again from the
    // database.
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await placeOrders(run, stock.inStatement, [toPlace()]);
      if (outcome.kind === 'refused') throw stock.refusal(outcome.refused, stockNeedsOf(priced));
      if (outcome.kind === 'moved') {
        forgetProducts(db);
        priced = holdsExpectedTotal(parsed, await priceOrder(run, parsed, maps, { centerId }));
      } else if (outcome.placed[0]) return outcome.placed[0];
    }
    throw new AppError('Could not allocate an order number, please retry', { status: 503, type: ErrorType.Unknown });
  };
  const homeDelivery = priced.deliveryOption === DeliveryOption.HomeDelivery && priced.address;
  const written = homeDelivery
    ? await db.transaction(async (tx) => {
        const rows = await placeAlone(tx);
        await delivery.open(tx, toOrderRow(rows.order));
        return rows;
      })
    : ((options.together && !pricedAt ? await options.together(toPlace()) : null) ?? (await placeAlone(db)));
  stock.committed?.();
  // The answer is built from what was written.
  const typeOf = new Map(priced.lines.map((l) => [l.product.id, l.product.type]));
  return orderViewOf(
    toOrderRow(written.order),
    priced.center.name,
    written.items
      .map(toItemRow)
      .sort((x, y) => x.position - y.position)
      .flatMap((item) => {
        const productType = typeOf.get(item.productId);
        return productType ? [{ item, productType }] : [];
      }),
    [toEventRow(written.event)],
  );
}

/** What each product of a priced order takes from the stock. */
const stockNeedsOf = (order: PricedOrder): StockNeed[] =>
  order.lines.map((l) => ({
    productId: l.product.id,
    name: l.product.name,
    quantity: l.quantity,
    unit: l.product.type === ProductType.Gas ? 'kg' : 'item',
  }));

const toItemRow = rowMapper(orderItems);
const toEventRow = rowMapper(orderEvents);

/** Gives an order's lines back to its center's stock and today's quota (a cancelled order or a refunded sale). */
export async function releaseOrderStock(
  tx: DbOrTx,
  legs: OrderLegs,
  order: Pick<OrderRow, 'id' | 'createdAt' | 'centerId'>,
) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  // Back to the stock of the center the order took it from.
  await legs.stock.release(tx, lines, order.createdAt, order.centerId);
}

/**
 * Cancels an order locked in `tx` when its lifecycle lets `by.actor` do so (else 409 with
 * `by.refusal`): its stock goes back, then it becomes Cancelled, with its event. The stock is given
 * back before the order changes: the change takes the client's history version (the orders
 * trigger), which placing an order takes after the stock, so the locks come in one order on both
 * paths (the other way round, placing and cancelling two orders of one client at once could
 * deadlock). Answers the row after and the moment recorded.
 */
export async function cancelLockedOrder(
  tx: DbOrTx,
  legs: OrderLegs,
  order: OrderRow,
  by: { actor: 'client' | 'staff'; refusal: string; note: string; actorClientId: string },
): Promise<{ after: OrderRow; now: Date }> {
  assertTransition(orderLifecycle, order.status, OrderStatus.Cancelled, by.actor, by.refusal);
  const now = new Date();
  await releaseOrderStock(tx, legs, order);
  const [after] = await tx
    .update(orders)
    .set({ status: OrderStatus.Cancelled, cancelledAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  if (!after) throw new Error('cancel update returned nothing');
  await recordOrderEvent(tx, order.id, OrderStatus.Cancelled, {
    note: by.note,
    actorClientId: by.actorClientId,
    at: now,
  });
  return { after, now };
}

/** Cancels a client's order while that is safe (Not Paid), giving its stock back. */
export async function cancelClientOrder(db: DbOrTx, legs: OrderLegs, clientId: string, ref: string): Promise<Order> {
  const cancelled = await db.transaction(async (tx) => {
    const order = await requireClientOrder(tx, clientId, ref, true);
    const { after: updated, now } = await cancelLockedOrder(tx, legs, order, {
      actor: 'client',
      refusal: `This order can no longer be cancelled: it is ${order.status}. Only orders that are Not Paid can be cancelled; contact support about a paid order.`,
      note: 'Cancelled by the client',
      actorClientId: clientId,
    });
    if (await legs.delivery.cancel(tx, order.id)) {
      await recordOrderEvent(tx, order.id, DeliveryStatus.Cancelled, {
        kind: 'delivery',
        actorClientId: clientId,
        at: now,
      });
    }
    return toOrderView(tx, updated);
  });
  legs.stock.committed?.();
  return cancelled;
}

/** A cursor names the last order shown: its creation time in microseconds and its id. */
function encodeCursor(createdAtMicros: string, id: string): string {
  return Buffer.from(`${createdAtMicros}.${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { micros: string; id: string } {
  const match = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!match?.[1] || !match[2]) {
    throw new AppError('This list position is not valid. Load your orders again from the start.', {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { field: 'cursor' },
    });
  }
  return { micros: match[1], id: match[2] };
}

/** Microseconds since 1970 of a timestamptz, exact (a JS Date keeps only milliseconds). */
const micros = sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`;

/** The history's four statements (with or without a status, a cursor), built once per database. */
const historyStatements = new WeakMap<object, Map<string, ReturnType<typeof buildHistoryStatement>>>();

function buildHistoryStatement(db: DbOrTx, withStatus: boolean, withCursor: boolean) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      type: orders.type,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      paymentType: orders.paymentType,
      deliveryOption: orders.deliveryOption,
      centerId: orders.centerId,
      // Written out, as the count below.
      centerName: sql<string>`coalesce((select c.name from centers c where c.id = orders.center_id), '')`,
      total: orders.total,
      createdAt: orders.createdAt,
      micros,
      // Written out: inside a select, drizzle would leave the columns unqualified.
      itemCount: sql<number>`(select count(*)::int from order_items i where i.order_id = orders.id)`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.clientId, sql.placeholder('clientId')),
        withStatus ? eq(orders.status, sql.placeholder('status')) : undefined,
        withCursor
          ? sql`(${orders.createdAt}, ${orders.id}) < (timestamptz 'epoch' + ${sql.placeholder('micros')}::bigint * interval '1 microsecond', ${sql.placeholder('afterId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`order_history_${withStatus ? 's' : 'a'}${withCursor ? 'c' : 'f'}`);
}

/**
 * The history's statement for this shape, its SQL built on first use and kept with the database
 * (drizzle would otherwise build the text on every request; PostgreSQL also keeps it parsed).
 */
function historyStatement(db: DbOrTx, withStatus: boolean, withCursor: boolean) {
  let byShape = historyStatements.get(db);
  if (!byShape) {
    byShape = new Map();
    historyStatements.set(db, byShape);
  }
  const key = `${withStatus}${withCursor}`;
  let statement = byShape.get(key);
  if (!statement) {
    statement = buildHistoryStatement(db, withStatus, withCursor);
    byShape.set(key, statement);
  }
  return statement;
}

/**
 * The client's orders, newest first (creation time, then id), as the list shows them. Read by
 * keyset on `orders_client_history_idx` / `orders_client_status_history_idx`, so any page costs
 * what the first does, whatever the client's number of orders; numbered pages (`page`) are still
 * served, by offset, with a count capped at CLIENT_ORDER_COUNT_CAP.
 */
export async function listClientOrders(
  db: DbOrTx,
  clientId: string,
  query: ClientOrderListQuery,
): Promise<ClientOrderPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const where = and(eq(orders.clientId, clientId), query.status ? eq(orders.status, query.status) : undefined);
  const offset = !after && query.page ? (query.page - 1) * query.pageSize : 0;
  const rowsQuery = historyStatement(db, Boolean(query.status), Boolean(after)).execute({
    clientId,
    status: query.status ?? null,
    micros: after?.micros ?? null,
    afterId: after?.id ?? null,
    // One more than asked: whether there is a next page, without counting.
    limit: query.pageSize + 1,
    offset,
  });
  const counted = query.page && !after;
  const [rows, capped] = await Promise.all([
    rowsQuery,
    counted
      ? db.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from ${orders} where ${where ?? sql`true`} limit ${CLIENT_ORDER_COUNT_CAP + 1}) t`,
        )
      : null,
  ]);
  const shown = rows.slice(0, query.pageSize);
  const last = shown[shown.length - 1];
  const page: ClientOrderPage = {
    orders: shown.map(({ micros: _, createdAt, ...o }) => ({ ...o, createdAt: createdAt.toISOString() })),
    pageSize: query.pageSize,
    nextCursor: rows.length > query.pageSize && last ? encodeCursor(last.micros, last.id) : null,
  };
  if (counted) {
    const n = Number(capped?.rows[0]?.n ?? 0);
    page.page = query.page;
    page.total = Math.min(n, CLIENT_ORDER_COUNT_CAP);
    page.totalIsCapped = n > CLIENT_ORDER_COUNT_CAP;
  }
  return page;
}

/**
 * The history page as the server sends it: PostgreSQL writes the orders' JSON (the list's fields
 * alone, `createdAt` as JavaScript's ISO text) and answers it as text with where the page ended,
 * so no row is mapped or serialized here. One statement per shape (with or without a status, a
 * cursor), built once (db/statement.ts), read by keyset like listClientOrders.
 */
type HistoryJsonRow = {
  orders: string;
  rows: number | string | null;
  last_micros: string | null;
  last_id: string | null;
  version: string | null;
};

function historyJson(withStatus: boolean, withCursor: boolean) {
  return rawStatement<HistoryJsonRow>(
    `order_history_json_${withStatus ? 's' : 'a'}${withCursor ? 'c' : 'f'}`,
    sql`with page as (
      select o.id, o.order_number, o.type, o.status, o.payment_status, o.payment_type, o.delivery_option, o.total,
             o.center_id, coalesce((select c.name from centers c where c.id = o.center_id), '') as center_name,
             o.created_at, (extract(epoch from o.created_at) * 1000000)::bigint::text as micros,
             (select count(*)::int from ${orderItems} i where i.order_id = o.id) as item_count,
             row_number() over (order by o.created_at desc, o.id desc) as n
      from ${orders} o
      where o.client_id = ${value('clientId')}::uuid
        ${withStatus ? sql`and o.status = ${value('status')}` : sql``}
        ${
          withCursor
            ? sql`and (o.created_at, o.id) < (timestamptz 'epoch' + ${value('micros')}::bigint * interval '1 microsecond', ${value('afterId')}::uuid)`
            : sql``
        }
      order by o.created_at desc, o.id desc
      limit ${value('limit')}::int
    )
    select coalesce(
             json_agg(json_build_object(
               'id', id, 'orderNumber', order_number, 'type', type, 'status', status,
               'paymentStatus', payment_status, 'paymentType', payment_type, 'deliveryOption', delivery_option,
               'centerId', center_id, 'centerName', center_name,
               'total', total, 'itemCount', item_count,
               'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
             ) order by n) filter (where n <= ${value('pageSize')}::int),
             '[]'
           )::text as orders,
           count(*)::int as rows,
           max(micros) filter (where n = ${value('pageSize')}::int) as last_micros,
           max(id::text) filter (where n = ${value('pageSize')}::int) as last_id,
           (select v.version::text from order_history_versions v where v.client_id = ${value('clientId')}::uuid) as version
    from page`,
  );
}

// The four shapes (with or without a status, a cursor); each is built on its first use.
const historyJsonStatements = {
  all: historyJson(false, false),
  allAfter: historyJson(false, true),
  status: historyJson(true, false),
  statusAfter: historyJson(true, true),
};

/**
 * The client's orders as listClientOrders answers them without `page` (the cursor paging the
 * screens use), already as the response's JSON text, with the version of the client's history it
 * was read at (the same snapshot; '0' before the client's first order: history-cache.ts).
 */
export async function clientOrderPageJson(
  db: DbOrTx,
  clientId: string,
  query: Omit<ClientOrderListQuery, 'page'>,
): Promise<{ body: string; version: string }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const [row] = await historyJsonStatements[`${query.status ? 'status' : 'all'}${after ? 'After' : ''}`].run(db, {
    clientId,
    status: query.status ?? null,
    micros: after?.micros ?? null,
    afterId: after?.id ?? null,
    // One more than asked: whether there is a next page, without counting.
    limit: query.pageSize + 1,
    pageSize: query.pageSize,
  });
  const more = Number(row?.rows ?? 0) > query.pageSize && row?.last_micros && row.last_id;
  const nextCursor = more ? encodeCursor(row.last_micros as string, row.last_id as string) : null;
  return {
    body: `{"orders":${row?.orders ?? '[]'},"pageSize":${query.pageSize},"nextCursor":${JSON.stringify(nextCursor)}}`,
    version: row?.version ?? '0',
  };
}
