import { and, asc, eq, inArray } from 'drizzle-orm';
import { productTypeValues } from '../../../domain/enums';
import type { Product } from '../../../domain/schemas/product';
import type { DbOrTx } from '../../db/client';
import { availableOf, usedToday } from '../quota/service';
import { quotas } from '../quota/tables';
import { type ProductRow, products } from './tables';

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

const typeRank = (t: string) => productTypeValues.indexOf(t as (typeof productTypeValues)[number]);

/** The active catalogue: gas first, then cylinders by size, burners, stoves. */
export async function listActiveProducts(db: DbOrTx): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sizeKg), asc(products.price));
  const order = ['Gas', 'Cylinder', 'Burner', 'GasStove'];
  rows.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || typeRank(a.type) - typeRank(b.type));
  return toProductViews(db, rows);
}

export async function findActiveProduct(db: DbOrTx, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  return row ?? null;
}
