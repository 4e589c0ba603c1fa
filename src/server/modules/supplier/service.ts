import { eq, sql } from 'drizzle-orm';
import { SupplyStatus } from '../../../domain/enums';
import type { Supplier, SupplierQuota } from '../../../domain/schemas/supplier';
import type { DbOrTx } from '../../db/client';
import { supplies } from '../supply/tables';
import { type SupplierRow, suppliers } from './tables';

export const toSupplier = (r: SupplierRow): Supplier => ({
  id: r.id,
  name: r.name,
  phoneLocal: r.phoneLocal,
  email: r.email,
  address: r.address,
  createdAt: r.createdAt.toISOString(),
});

/** What each supplier was asked for, delivered, is owed and was paid. */
export async function supplierQuotas(db: DbOrTx, supplierId?: string): Promise<SupplierQuota[]> {
  const delivered = sql`${supplies.status} in (${SupplyStatus.Delivered}, ${SupplyStatus.Paid})`;
  const rows = await db
    .select({
      supplierId: suppliers.id,
      name: suppliers.name,
      requestedKg: sql<number>`coalesce(sum(${supplies.quantityKg}), 0)`.mapWith(Number),
      deliveredKg:
        sql<number>`coalesce(sum(case when ${delivered} then coalesce(${supplies.deliveredKg}, ${supplies.quantityKg}) else 0 end), 0)`.mapWith(
          Number,
        ),
      amountOwed:
        sql<number>`coalesce(sum(case when ${supplies.status} = ${SupplyStatus.Delivered} then ${supplies.amount} else 0 end), 0)`.mapWith(
          Number,
        ),
      amountPaid:
        sql<number>`coalesce(sum(case when ${supplies.status} = ${SupplyStatus.Paid} then ${supplies.amount} else 0 end), 0)`.mapWith(
          Number,
        ),
      supplies: sql<number>`count(${supplies.id})`.mapWith(Number),
    })
    .from(suppliers)
    .leftJoin(supplies, eq(supplies.supplierId, suppliers.id))
    .where(supplierId ? eq(suppliers.id, supplierId) : undefined)
    .groupBy(suppliers.id, suppliers.name)
    .orderBy(suppliers.name);
  return rows;
}
