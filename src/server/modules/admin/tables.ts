import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { products } from '../product/tables';
import { staff } from '../staff/tables';

/**
 * Every price a product has had, newest last. Orders keep the unit price they were placed at,
 * so a change applies from effectiveFrom on and never rewrites a past sale.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for the first price of a product created through the dashboard. */
    oldPrice: bigint('old_price', { mode: 'number' }),
    newPrice: bigint('new_price', { mode: 'number' }).notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => staff.id, { onDelete: 'set null' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_price_history_product_idx').on(t.productId, t.effectiveFrom)],
);

export type ProductPriceHistoryRow = typeof productPriceHistory.$inferSelect;
