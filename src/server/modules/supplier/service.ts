import { eq, inArray } from 'drizzle-orm';
import type { Supplier } from '../../../domain/schemas/supplier';
import type { DbOrTx } from '../../db/client';
import { type SupplierRow, suppliers } from './tables';

export const toSupplier = (r: SupplierRow): Supplier => ({
  id: r.id,
  name: r.name,
  phoneLocal: r.phoneLocal,
  email: r.email,
  address: r.address,
  createdAt: r.createdAt.toISOString(),
});

// Supplier directory: who the gas center buys from, for the modules that record what they supply.

export type SupplierName = Pick<SupplierRow, 'id' | 'name'>;

/** Every supplier (or the one asked for), by name. */
export async function listSupplierNames(db: DbOrTx, supplierId?: string): Promise<SupplierName[]> {
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(supplierId ? eq(suppliers.id, supplierId) : undefined)
    .orderBy(suppliers.name);
}

/** The suppliers among `ids` that exist, with their names (one query, whatever the count). */
export async function findSupplierNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(inArray(suppliers.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}
