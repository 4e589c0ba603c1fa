import { inArray } from 'drizzle-orm';
import type { Product } from '../../../domain/schemas/product';
import type { DbOrTx } from '../../db/client';
import type { ProductRow } from '../product';
import { listActiveProductRows } from '../product';
import { availableOf, usedToday } from './service';
import { type QuotaRow, quotas } from './tables';

/** The quotas of these products. */
export async function quotaRowsOf(db: DbOrTx, rows: ProductRow[]): Promise<QuotaRow[]> {
  const ids = rows.map((r) => r.id);
  return ids.length ? db.select().from(quotas).where(inArray(quotas.productId, ids)) : [];
}

/** Products as the shop shows them, from their quotas and today's use. */
export function assembleProductViews(rows: ProductRow[], quotaRows: QuotaRow[], used: Map<string, number>): Product[] {
  const quotaOf = new Map(quotaRows.map((q) => [q.productId, q]));
  return rows.map((p) => ({
    id: p.id,
    type: p.type,
    name: p.name,
    description: p.description,
    price: p.price,
    sizeKg: p.sizeKg,
    imageUrl: p.imageUrl,
    available: availableOf(quotaOf.get(p.id), used.get(p.id) ?? 0),
  }));
}

/** Products as the shop shows them, with what may still be ordered now. */
export async function toProductViews(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  const quotaRows = await quotaRowsOf(db, rows);
  return assembleProductViews(rows, quotaRows, usedToday(quotaRows));
}

/** The shop's catalogue: the active products in catalogue order, with what may still be ordered. */
export async function listActiveProducts(db: DbOrTx): Promise<Product[]> {
  return toProductViews(db, await listActiveProductRows(db));
}
