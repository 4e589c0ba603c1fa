import { date, doublePrecision, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, requiredRef, timestamps } from '../../db/columns';
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
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    stock: doublePrecision('stock'),
    dailyLimit: doublePrecision('daily_limit'),
    /**
     * What orders placed on `takenDay` (a Lagos day, YYYY-MM-DD) took, less what their
     * cancellations gave back: today's use under the daily limit, counted under the row's lock
     * with the stock (migration 0018). A row counting an earlier day has taken nothing today.
     */
    takenDay: date('taken_day'),
    takenToday: doublePrecision('taken_today').notNull().default(0),
    /** The supplier this product's stock comes from (supplier area), when known. */
    supplierId: uuid('supplier_id'),
    note: text('note'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('quotas_product_idx').on(t.productId)],
);

export type QuotaRow = typeof quotas.$inferSelect;
