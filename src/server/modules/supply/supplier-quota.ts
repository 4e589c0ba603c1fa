import { eq, sql } from 'drizzle-orm';
import { SupplyStatus } from '../../../domain/enums';
import type { SupplierQuota } from '../../../domain/schemas/supplier';
import type { DbOrTx } from '../../db/client';
import { listSupplierNames } from '../supplier';
import { supplies } from './tables';

/** What each supplier was asked for, delivered, is owed and was paid (suppliers with no supply count zero). */
export async function supplierQuotas(db: DbOrTx, supplierId?: string): Promise<SupplierQuota[]> {
  const delivered = sql`${supplies.status} in (${SupplyStatus.Delivered}, ${SupplyStatus.Paid})`;
  const names = await listSupplierNames(db, supplierId);
  const totals = await db
    .select({
      supplierId: supplies.supplierId,
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
    .from(supplies)
    .where(supplierId ? eq(supplies.supplierId, supplierId) : undefined)
    .groupBy(supplies.supplierId);
  const bySupplier = new Map(totals.map((t) => [t.supplierId, t]));
  return names.map(({ id, name }) => {
    const t = bySupplier.get(id);
    return {
      supplierId: id,
      name,
      requestedKg: t?.requestedKg ?? 0,
      deliveredKg: t?.deliveredKg ?? 0,
      amountOwed: t?.amountOwed ?? 0,
      amountPaid: t?.amountPaid ?? 0,
      supplies: t?.supplies ?? 0,
    };
  });
}
