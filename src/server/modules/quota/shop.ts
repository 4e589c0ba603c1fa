import { inArray } from 'drizzle-orm';
import type { Product } from '../../../domain/schemas/product';
import type { DbOrTx } from '../../db/client';
import type { ProductRow } from '../product/catalogue';
import { listActiveProductRows } from '../product/service';
import { availableOf, usedToday } from './service';
import { quotas } from './tables';

/** Products as the shop shows them, with what may still be ordered now. */
export async function toProductViews(db: DbOrTx, rows: ProductRow[]): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const quotaRows = ids.length ? await db.select().from(quotas).where(inArray(quotas.productId, ids)) : [];
  // Today's use only matters under a daily limit; skipping the sum keeps the shop cheap to list.
  const used = await usedToday(
    db,
    quotaRows.filter((q) => q.dailyLimit !== null).map((q) => q.productId),
  );
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

/** The shop's catalogue: the active products in catalogue order, with what may still be ordered. */
export async function listActiveProducts(db: DbOrTx): Promise<Product[]> {
  return toProductViews(db, await listActiveProductRows(db));
}
