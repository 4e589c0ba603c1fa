import { and, asc, eq } from 'drizzle-orm';
import { productTypeValues } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { type ProductRow, products } from './tables';

const typeRank = (t: string) => productTypeValues.indexOf(t as (typeof productTypeValues)[number]);

/** The active catalogue: gas first, then cylinders by size, burners, stoves. */
export async function listActiveProductRows(db: DbOrTx): Promise<ProductRow[]> {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.active, true))
    .orderBy(asc(products.sizeKg), asc(products.price));
  const order = ['Gas', 'Cylinder', 'Burner', 'GasStove'];
  rows.sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type) || typeRank(a.type) - typeRank(b.type));
  return rows;
}

export async function findActiveProduct(db: DbOrTx, id: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  return row ?? null;
}
