import { bigint, doublePrecision, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SupplyStatus } from '../../../domain/enums';
import { id, requiredRef, timestamps } from '../../db/columns';
import { centers, firstCenterDefault } from '../centers/tables';
import { products as product } from '../product/tables';
import { staff } from '../staff/tables';
import { suppliers } from '../supplier/tables';

/** A quantity of gas asked of a supplier: WaitingSupplierResponse → Delivered → Paid. */
export const supplies = pgTable(
  'supplies',
  {
    id: id(),
    supplierId: requiredRef('supplier_id', () => suppliers.id),
    productId: uuid('product_id').references(() => product.id),
    /** The center the gas is asked for and arrives at (migration 0028: those before, the first). */
    centerId: uuid('center_id')
      .notNull()
      .default(firstCenterDefault)
      .references(() => centers.id),
    quantityKg: doublePrecision('quantity_kg').notNull(),
    deliveredKg: doublePrecision('delivered_kg'),
    /** Agreed cost of the whole supply, kobo. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<SupplyStatus>().notNull(),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => staff.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index('supplies_supplier_idx').on(t.supplierId, t.createdAt)],
);

export type SupplyRow = typeof supplies.$inferSelect;
