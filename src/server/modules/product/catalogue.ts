import { and, eq, getTableColumns, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Product } from '../../../domain/schemas/product';
import type { DbOrTx } from '../../db/client';
import { batchArray, statement } from '../../db/statement';
import { mapByIds } from '../../lib/by-ids';
import { centerPrices, type ProductRow, productPriceHistory, products } from './tables';

export type { ProductRow };

/**
 * A product on sale as an order is priced from it: with its own price at each gas center that
 * has one (center id → kobo; null when none has), read in the same statement.
 */
export type SellableProduct = ProductRow & { centerPrices: Record<string, number> | null };

/** The price of a product at a center: the center's own, else the company's. */
export const priceAtCenter = (product: SellableProduct, centerId: string): number =>
  product.centerPrices?.[centerId] ?? product.price;

/** What every view of a product shows of it: the shop adds what is left, the staff list its state. */
export const productFieldsOf = (p: ProductRow): Omit<Product, 'available'> => ({
  id: p.id,
  type: p.type,
  name: p.name,
  description: p.description,
  price: p.price,
  sizeKg: p.sizeKg,
  imageUrl: p.imageUrl,
});

// ── Catalogue: products read by other areas (order pricing, order views), in one batch by ids ──

/** The products with these ids that are still on sale, by id, with their centers' own prices. */
export function findActiveProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, SellableProduct>> {
  return mapByIds(
    ids,
    (unique) => activeProductsByIds.run(db, { ids: unique }),
    (p) => [p.id, p],
  );
}

/**
 * The products on sale as last read, per database: orders are priced from them (products change a
 * few times a day, orders come all day). What is remembered may be older than a staff edit, so a
 * statement placing what was priced from it checks `pricesStillHold` and, when a price moved, the
 * order is priced again from the database (forgetProducts, then findActiveProductsByIds). Kept
 * for a minute at most, so an edit that leaves the price alone (a name, a size) shows on the
 * orders placed after it within that minute.
 */
const remembered = new WeakMap<object, { rows: Map<string, SellableProduct>; until: number }>();
const REMEMBER_MS = 60_000;

/** findActiveProductsByIds, from what this database's products were when last read. */
export async function rememberedActiveProducts(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, SellableProduct>> {
  let known = remembered.get(db);
  if (!known || known.until <= Date.now()) {
    known = { rows: new Map(), until: Date.now() + REMEMBER_MS };
    remembered.set(db, known);
  }
  const { rows } = known;
  const unique = [...new Set(ids)];
  const missing = unique.filter((id) => !rows.has(id));
  if (missing.length) for (const [id, row] of await findActiveProductsByIds(db, missing)) rows.set(id, row);
  return new Map(unique.flatMap((id) => (rows.get(id) ? [[id, rows.get(id) as SellableProduct] as const] : [])));
}

/** Drops what rememberedActiveProducts knows of this database's products. */
export function forgetProducts(db: DbOrTx): void {
  remembered.delete(db);
}

/** A center's own prices (those over the company's), by product id: read afresh. */
export async function centerPricesOf(db: DbOrTx, centerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: centerPrices.productId, price: centerPrices.price })
    .from(centerPrices)
    .where(eq(centerPrices.centerId, centerId));
  return new Map(rows.map((r) => [r.productId, r.price]));
}

/**
 * A condition for a statement placing an order: every product of `productIds` is still on sale at
 * the matching price of `unitPrices` at the matching center of `centerIds` (its own price there,
 * else the company's; three arrays of the statement's values, line by line).
 */
export const pricesStillHold = (productIds: SQLWrapper, unitPrices: SQLWrapper, centerIds: SQLWrapper) =>
  sql`not exists (
    select 1 from unnest(${productIds}::uuid[], ${unitPrices}::bigint[], ${centerIds}::uuid[])
      as l(product_id, unit_price, center_id)
    left join ${products} p on p.id = l.product_id and p.active
    left join ${centerPrices} cp on cp.product_id = l.product_id and cp.center_id = l.center_id
    where p.id is null or coalesce(cp.price, p.price) <> l.unit_price)`;

/**
 * The price each of these products had at a moment (a counter sale made offline is priced at a
 * moment its tablet's catalogue version was in force), at a center when one is named: that
 * center's own price then if it had one, else the company price then. A price's state then is the
 * last change made by then or, when every change came after, the state before the first of them;
 * never changed since, the state now. Every product of `ids` that exists is in the answer.
 */
export async function pricesAt(
  db: DbOrTx,
  ids: readonly string[],
  at: Date,
  centerId?: string,
): Promise<Map<string, number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const when = sql`${at.toISOString()}::timestamptz`;
  const center = sql`${centerId ?? null}::uuid`;
  // A center's change may set its price to null (none of its own): `found` tells that change from
  // no change at all.
  const result = await db.execute<{ id: string; price: string }>(sql`
    select p.id, coalesce(
      case when cb.found then cb.price when ca.found then ca.price else cp.price end,
      hb.price, ha.price, p.price
    )::text as price
    from ${products} p
    left join lateral (select true as found, h.new_price as price from ${productPriceHistory} h
      where h.product_id = p.id and h.center_id = ${center} and h.effective_from <= ${when}
      order by h.effective_from desc, h.version desc limit 1) cb on true
    left join lateral (select true as found, h.old_price as price from ${productPriceHistory} h
      where h.product_id = p.id and h.center_id = ${center} and h.effective_from > ${when}
      order by h.effective_from asc, h.version asc limit 1) ca on true
    left join ${centerPrices} cp on cp.product_id = p.id and cp.center_id = ${center}
    left join lateral (select h.new_price as price from ${productPriceHistory} h
      where h.product_id = p.id and h.center_id is null and h.effective_from <= ${when}
      order by h.effective_from desc, h.version desc limit 1) hb on true
    left join lateral (select h.old_price as price from ${productPriceHistory} h
      where h.product_id = p.id and h.center_id is null and h.effective_from > ${when}
      order by h.effective_from asc, h.version asc limit 1) ha on true
    where p.id in ${unique}`);
  return new Map(result.rows.map((r) => [r.id, Number(r.price)] as const));
}

/**
 * The catalogue version now: the number of the last price change written (the company's or a
 * center's), 0 before any.
 */
export async function currentPriceVersion(db: DbOrTx): Promise<number> {
  const result = await db.execute<{ version: string }>(
    sql`select coalesce(max(${productPriceHistory.version}), 0)::text as version from ${productPriceHistory}`,
  );
  return Number(result.rows[0]?.version ?? 0);
}

/**
 * When a catalogue version was in force, in epoch milliseconds to the microsecond (fractions kept,
 * so a moment can be chosen strictly inside): from its price change (null for version 0: from
 * always) until the next change (null: in force still). Null for a version never written.
 */
export async function priceVersionWindow(
  db: DbOrTx,
  version: number,
): Promise<{ from: number | null; to: number | null } | null> {
  const ms = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::text`;
  const result = await db.execute<{ found: boolean; from: string | null; to: string | null }>(sql`
    select
      (${version} = 0 or exists (select 1 from ${productPriceHistory} h where h.version = ${version})) as found,
      (select ${ms(sql`h.effective_from`)} from ${productPriceHistory} h where h.version = ${version}) as from,
      (select ${ms(sql`h.effective_from`)} from ${productPriceHistory} h
        where h.version > ${version} order by h.version limit 1) as to`);
  const row = result.rows[0];
  if (!row?.found) return null;
  const at = (v: string | null) => (v === null ? null : Number(v));
  return { from: at(row.from), to: at(row.to) };
}

/** Every order is priced from it: built once (db/statement.ts). */
const activeProductsByIds = statement('products_active_by_ids', (db) =>
  db
    .select({
      ...getTableColumns(products),
      centerPrices: sql<Record<string, number> | null>`(
        select json_object_agg(${centerPrices.centerId}, ${centerPrices.price}) from ${centerPrices}
        where ${centerPrices.productId} = ${products.id})`.as('center_prices'),
    })
    .from(products)
    .where(and(sql`${products.id} = any(${batchArray('ids', 'uuid')})`, eq(products.active, true))),
);

/** The type (Gas, Cylinder, …) of each of these products, on sale or not, by id. */
export function findProductTypesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ProductRow['type']>> {
  return mapByIds(
    ids,
    (unique) => db.select({ id: products.id, type: products.type }).from(products).where(inArray(products.id, unique)),
    (p) => [p.id, p.type],
  );
}

/** The products with these ids, on sale or not, by id. */
export function findProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  return mapByIds(
    ids,
    (unique) => db.select().from(products).where(inArray(products.id, unique)),
    (p) => [p.id, p],
  );
}
