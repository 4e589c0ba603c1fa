import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Product, productListSchema } from '../../../domain/schemas/product';
import type { Quota } from '../../../domain/schemas/quota';
import type { Db, DbOrTx } from '../../db/client';
import type { ProductRow } from '../product';
import { centerPricesOf, currentPriceVersion, listActiveProductRows, productFieldsOf } from '../product';
import { type CatalogueCache, type CatalogueParts, etagOf } from './catalogue-cache';
import { availableOf, listQuotas, usedToday } from './service';
import { type QuotaRow, quotas } from './tables';

/** The quotas of these products at one center. */
export async function quotaRowsOf(db: DbOrTx, rows: ProductRow[], centerId: string): Promise<QuotaRow[]> {
  const ids = rows.map((r) => r.id);
  return ids.length
    ? db
        .select()
        .from(quotas)
        .where(and(inArray(quotas.productId, ids), eq(quotas.centerId, centerId)))
    : [];
}

/** The products at a center's own prices, where it has some. */
const atCenterPrices = (rows: ProductRow[], prices: Map<string, number>): ProductRow[] =>
  prices.size ? rows.map((p) => (prices.has(p.id) ? { ...p, price: prices.get(p.id) ?? p.price } : p)) : rows;

/** Products as the shop shows them, from their quotas and today's use. */
export function assembleProductViews(rows: ProductRow[], quotaRows: QuotaRow[], used: Map<string, number>): Product[] {
  const quotaOf = new Map(quotaRows.map((q) => [q.productId, q]));
  return rows.map((p) => ({
    ...productFieldsOf(p),
    available: availableOf(quotaOf.get(p.id), used.get(p.id) ?? 0),
  }));
}

/** Products as the shop shows them at a center (its stock, its prices), with what may still be ordered now. */
export async function toProductViews(db: DbOrTx, rows: ProductRow[], centerId: string): Promise<Product[]> {
  const quotaRows = await quotaRowsOf(db, rows, centerId);
  const priced = atCenterPrices(rows, await centerPricesOf(db, centerId));
  return assembleProductViews(priced, quotaRows, usedToday(quotaRows));
}

/** The shop's catalogue at a center: the active products in catalogue order, with what may still be ordered. */
export async function listActiveProducts(db: DbOrTx, centerId: string): Promise<Product[]> {
  return toProductViews(db, await listActiveProductRows(db), centerId);
}

/** The body exactly as the list's response schema serializes it. */
const bodyOf = (parts: CatalogueParts, used: Map<string, number>) =>
  JSON.stringify(
    z.encode(productListSchema, {
      products: assembleProductViews(parts.rows, parts.quotaRows, used),
      priceVersion: parts.priceVersion,
    }),
  );

async function loadParts(db: Db, centerId: string): Promise<CatalogueParts> {
  // The prices and their version from one snapshot: a counter tablet prices an offline sale
  // with these prices and names the version, and the server prices it from that version.
  const { rows, priceVersion } = await db.transaction(
    async (tx) => ({
      priceVersion: await currentPriceVersion(tx),
      rows: atCenterPrices(await listActiveProductRows(tx), await centerPricesOf(tx, centerId)),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const quotaRows = await quotaRowsOf(db, rows, centerId);
  if (quotaRows.some((q) => q.dailyLimit !== null)) return { rows, quotaRows, priceVersion };
  const text = bodyOf({ rows, quotaRows, priceVersion }, new Map());
  return { rows, quotaRows, priceVersion, body: { text, etag: etagOf(text) } };
}

/**
 * The shop's list at a center as the serializer's text, with its ETag. Products and quotas from
 * memory; under a daily limit, what is left today is worked out each time.
 */
export async function catalogueBody(
  db: Db,
  cache: CatalogueCache,
  centerId: string,
): Promise<{ text: string; etag: string }> {
  const parts = await cache.get(centerId, () => loadParts(db, centerId));
  if (parts.body) return parts.body;
  const text = bodyOf(parts, usedToday(parts.quotaRows));
  return { text, etag: etagOf(text) };
}

/** A product's quota at a center, or null when it has none there (unlimited). */
export async function quotaOfProduct(db: DbOrTx, productId: string, centerId: string): Promise<Quota | null> {
  const [quota] = await listQuotas(db, centerId, { productId });
  return quota ?? null;
}
