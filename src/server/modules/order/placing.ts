import { sql } from 'drizzle-orm';
import { OrderStatus, ProductType } from '../../../domain/enums';
import { batcher } from '../../db/batcher';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import { newOrderNumber, newOrderPaymentNumber, newPickupCode } from '../../lib/references';
import { forgetProducts, pricesStillHold } from '../product';
import type { StockLedger, StockRefusal } from './legs';
import type { PricedOrder } from './pricing';
import { orderEvents, orderItems, orders } from './tables';

/** An order priced and ready to be written, for its client. */
export type OrderToPlace = {
  clientId: string;
  /** Who placed it: the client, or the staff member at the counter. */
  actorClientId: string;
  priced: PricedOrder;
  /**
   * Priced at an earlier moment's prices (an offline counter sale, recorded at the price the cash
   * was taken at): its lines are not checked against the products' prices now.
   */
  pricedAt?: Date;
};

/** What was written for one order, as PostgreSQL's JSON of the rows. */
export type PlacedRows = {
  order: Record<string, unknown>;
  items: Record<string, unknown>[];
  event: Record<string, unknown>;
};

/**
 * What the placing statement did with its orders: each one `placed` (or `null` when one of its
 * drawn codes was already taken: draw again), or nothing written at all, because the stock
 * `refused` the orders together, or a price `moved` since they were priced.
 */
export type PlacingOutcome =
  | { kind: 'placed'; placed: (PlacedRows | null)[] }
  | { kind: 'refused'; refused: StockRefusal }
  | { kind: 'moved' };

/** The three codes of each order, drawn afresh and distinct within the statement. */
function drawCodes(count: number) {
  const taken = new Set<string>();
  const fresh = (draw: () => string) => {
    let code = draw();
    while (taken.has(code)) code = draw();
    taken.add(code);
    return code;
  };
  return Array.from({ length: count }, () => ({
    orderNumber: fresh(newOrderNumber),
    orderPaymentNumber: fresh(newOrderPaymentNumber),
    pickupCode: fresh(newPickupCode),
  }));
}

/** The line's name on the order: a gas refill names the cylinder it fills. */
const lineName = (line: PricedOrder['lines'][number]) =>
  line.product.type === ProductType.Gas && line.sizeKg !== null
    ? `${line.product.name} (${line.sizeKg} kg cylinder)`
    : line.product.name;

/** The statement's values: one array element per order, and the lines of all, each naming its order. */
function placingValues(batch: OrderToPlace[], codes: ReturnType<typeof drawCodes>) {
  const of = <T>(pick: (o: OrderToPlace) => T) => batch.map(pick);
  const lines = batch.flatMap((o, i) => o.priced.lines.map((line, position) => ({ line, order: i + 1, position })));
  const checked = lines.filter((l) => !batch[l.order - 1]?.pricedAt);
  return {
    orderNumbers: codes.map((c) => c.orderNumber),
    orderPaymentNumbers: codes.map((c) => c.orderPaymentNumber),
    pickupCodes: codes.map((c) => c.pickupCode),
    clientIds: of((o) => o.clientId),
    centerIds: of((o) => o.priced.center.id),
    types: of((o) => o.priced.type),
    deliveryOptions: of((o) => o.priced.deliveryOption),
    deliveryAddresses: of((o) => (o.priced.address ? JSON.stringify(o.priced.address) : null)),
    homeDeliveryTypes: of((o) => o.priced.homeDeliveryType),
    deliveryDistancesKm: of((o) => o.priced.distanceKm),
    deliveryFeesAreEstimates: of((o) => o.priced.feeIsEstimate),
    nomineeNames: of((o) => o.priced.nominee?.name ?? null),
    nomineePhones: of((o) => o.priced.nominee?.phone ?? null),
    subtotals: of((o) => o.priced.subtotal),
    deliveryFees: of((o) => o.priced.deliveryFee),
    totals: of((o) => o.priced.total),
    actorClientIds: of((o) => o.actorClientId),
    lineOrders: lines.map((l) => l.order),
    positions: lines.map((l) => l.position),
    productIds: lines.map((l) => l.line.product.id),
    names: lines.map((l) => lineName(l.line)),
    unitPrices: lines.map((l) => l.line.unitPrice),
    quantities: lines.map((l) => l.line.quantity),
    sizesKg: lines.map((l) => l.line.sizeKg),
    lineTotals: lines.map((l) => l.line.lineTotal),
    checkedProductIds: checked.map((l) => l.line.product.id),
    checkedUnitPrices: checked.map((l) => l.line.unitPrice),
    checkedCenterIds: checked.map((l) => batch[l.order - 1]?.priced.center.id ?? null),
    placedAt: new Date().toISOString(),
  };
}

type StatementRow = {
  orders: Record<string, unknown>[] | null;
  items: Record<string, unknown>[] | null;
  events: Record<string, unknown>[] | null;
  refused: StockRefusal | null;
  priced: boolean;
};

/**
 * Placing orders, one or many, in one statement (one round trip, no transaction of its own): the
 * stock's check locks the products' quota rows and names a refusal for all the orders' needs
 * together; only without one, and only while every line's price still holds, are the orders, their
 * lines (in the cart's order) and their first steps (Not Paid) written. An order whose drawn code
 * is taken is left out (`on conflict do nothing`: a failed statement would abort a caller's
 * transaction on PostgreSQL), and the stock is taken for the lines written (`stock_written`).
 */
function buildPlacingStatement(stock: StockLedger['inStatement']) {
  return rawStatement<StatementRow>(
    'order_place',
    sql`with batch as (
      select * from unnest(${value('orderNumbers')}::text[], ${value('orderPaymentNumbers')}::text[],
        ${value('pickupCodes')}::text[], ${value('clientIds')}::uuid[], ${value('types')}::text[],
        ${value('deliveryOptions')}::text[], ${value('deliveryAddresses')}::text[], ${value('homeDeliveryTypes')}::text[],
        ${value('deliveryDistancesKm')}::double precision[], ${value('deliveryFeesAreEstimates')}::boolean[],
        ${value('nomineeNames')}::text[], ${value('nomineePhones')}::text[], ${value('subtotals')}::bigint[],
        ${value('deliveryFees')}::bigint[], ${value('totals')}::bigint[], ${value('actorClientIds')}::uuid[],
        ${value('centerIds')}::uuid[])
        with ordinality as b(order_number, order_payment_number, pickup_code, client_id, type, delivery_option,
          delivery_address, home_delivery_type, delivery_distance_km, delivery_fee_is_estimate, nominee_name,
          nominee_phone, subtotal, delivery_fee, total, actor_client_id, center_id, n)
    ), batch_lines as (
      select * from unnest(${value('lineOrders')}::int[], ${value('positions')}::int[], ${value('productIds')}::uuid[],
        ${value('names')}::text[], ${value('unitPrices')}::bigint[], ${value('quantities')}::double precision[],
        ${value('sizesKg')}::double precision[], ${value('lineTotals')}::bigint[])
        as l(n, position, product_id, name, unit_price, quantity, size_kg, line_total)
    ), stock_needs as (
      select l.product_id, b.center_id, sum(l.quantity)::double precision as quantity
      from batch_lines l join batch b on b.n = l.n
      group by l.product_id, b.center_id
    ), ${stock.check}, price_check as (
      select ${pricesStillHold(value('checkedProductIds'), value('checkedUnitPrices'), value('checkedCenterIds'))} as hold
    ), placed as (
      insert into ${orders} (order_number, order_payment_number, pickup_code, client_id, center_id, type, status,
        delivery_option, delivery_address, home_delivery_type, delivery_distance_km, delivery_fee_is_estimate,
        nominee_name, nominee_phone, subtotal, delivery_fee, total)
      select order_number, order_payment_number, pickup_code, client_id, center_id, type, ${OrderStatus.NotPaid},
        delivery_option, delivery_address::jsonb, home_delivery_type, delivery_distance_km, delivery_fee_is_estimate,
        nominee_name, nominee_phone, subtotal, delivery_fee, total
      from batch
      where not exists (select 1 from stock_refused) and (select hold from price_check)
      order by n
      on conflict do nothing
      returning *
    ), placed_batch as (
      select placed.id, b.n, b.actor_client_id from placed join batch b on b.order_number = placed.order_number
    ), lines as (
      insert into ${orderItems} (order_id, product_id, name, unit_price, quantity, size_kg, line_total, position)
      select p.id, l.product_id, l.name, l.unit_price, l.quantity, l.size_kg, l.line_total, l.position
      from placed_batch p join batch_lines l on l.n = p.n
      order by p.n, l.position
      returning *
    ), step as (
      insert into ${orderEvents} (order_id, kind, status, note, actor_client_id, created_at)
      select p.id, 'order', ${OrderStatus.NotPaid}, 'Order placed', p.actor_client_id, ${value('placedAt')}::timestamptz
      from placed_batch p
      order by p.n
      returning *
    ), stock_written as (
      select l.product_id, p.center_id, sum(l.quantity)::double precision as quantity
      from lines l join placed p on p.id = l.order_id
      group by l.product_id, p.center_id
    ), ${stock.take}
    select (select json_agg(placed) from placed) as orders,
           (select json_agg(lines) from lines) as items,
           (select json_agg(step) from step) as events,
           (select row_to_json(stock_refused) from stock_refused) as refused,
           (select hold from price_check) as priced`,
  );
}

/** The placing statement, built once for the stock's parts (there is one stock ledger per program). */
const placingStatements = new WeakMap<StockLedger['inStatement'], ReturnType<typeof buildPlacingStatement>>();
function placingStatement(stock: StockLedger['inStatement']) {
  let built = placingStatements.get(stock);
  if (!built) {
    built = buildPlacingStatement(stock);
    placingStatements.set(stock, built);
  }
  return built;
}

/** Writes these orders in one statement (see buildPlacingStatement), on the database or a transaction. */
export async function placeOrders(
  db: DbOrTx,
  stock: StockLedger['inStatement'],
  batch: OrderToPlace[],
): Promise<PlacingOutcome> {
  const codes = drawCodes(batch.length);
  const [row] = await placingStatement(stock).run(db, placingValues(batch, codes));
  if (row?.refused) return { kind: 'refused', refused: row.refused };
  if (!row?.priced) return { kind: 'moved' };
  const itemsOf = new Map<unknown, Record<string, unknown>[]>();
  for (const item of row.items ?? []) {
    const list = itemsOf.get(item.order_id);
    if (list) list.push(item);
    else itemsOf.set(item.order_id, [item]);
  }
  const eventOf = new Map((row.events ?? []).map((event) => [event.order_id, event]));
  const orderOf = new Map((row.orders ?? []).map((order) => [order.order_number, order]));
  return {
    kind: 'placed',
    placed: codes.map(({ orderNumber }) => {
      const order = orderOf.get(orderNumber);
      const event = order && eventOf.get(order.id);
      return order && event ? { order, items: itemsOf.get(order.id) ?? [], event } : null;
    }),
  };
}

/** Orders in one placing statement at most; more wait for the next. */
const TOGETHER_MAX = 64;

/**
 * Places the orders of many clients that arrive together in one statement (db/batcher.ts): under
 * load a statement writes many orders, where each cost PostgreSQL a statement and a commit of its
 * own. The orders of one statement are checked against the stock together, so it answers `null`
 * for each order it could not write as one of them (the stock refused them together, a price moved
 * or a code was taken), and the caller then places that order alone, as before (placeOrders), to
 * get its own answer. A statement that fails leaves every order to be placed alone.
 */
export function placingTogether(db: DbOrTx, stock: StockLedger['inStatement']) {
  return batcher(
    async (batch: OrderToPlace[]): Promise<(PlacedRows | null)[]> => {
      const alone = batch.map(() => null);
      try {
        const outcome = await placeOrders(db, stock, batch);
        if (outcome.kind === 'moved') forgetProducts(db);
        return outcome.kind === 'placed' ? outcome.placed : alone;
      } catch {
        return alone;
      }
    },
    { max: TOGETHER_MAX },
  );
}
