import { doublePrecision, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns';
import { products } from '../product/tables';

/**
 * What may be sold of a product. `stock` is what is on hand (kg for gas, items otherwise) and
 * goes down when an order is placed and back up when it is cancelled; `dailyLimit` caps what
 * orders placed on one Lagos day may take. Null means no limit of that kind. A product without a
 * quota row is unlimited.
 */
export const quotas = pgTable(
  'quotas',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    stock: doublePrecision('stock'),
    dailyLimit: doublePrecision('daily_limit'),
    /** The supplier this product's stock comes from (supplier area), when known. */
    supplierId: uuid('supplier_id'),
    note: text('note'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('quotas_product_idx').on(t.productId)],
);

export type QuotaRow = typeof quotas.$inferSelect;
