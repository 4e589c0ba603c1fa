import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { type ProductRow, products } from './tables';

export type { ProductRow };

// ── Catalogue: products read by other areas (order pricing, order views), in one batch by ids ──

/** The products with these ids that are still on sale, by id. */
export async function findActiveProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await activeProductsByIds.run(db, { ids: unique });
  return new Map(rows.map((p) => [p.id, p]));
}

/** Every order is priced from it: built once (db/statement.ts). */
const activeProductsByIds = statement('products_active_by_ids', (db) =>
  db
    .select()
    .from(products)
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`, eq(products.active, true))),
);

/** The type (Gas, Cylinder, …) of each of these products, on sale or not, by id. */
export async function findProductTypesByIds(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, ProductRow['type']>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(rows.map((p) => [p.id, p.type]));
}

/** The products with these ids, on sale or not, by id. */
export async function findProductsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select().from(products).where(inArray(products.id, unique));
  return new Map(rows.map((p) => [p.id, p]));
}
