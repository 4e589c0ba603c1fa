import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StockTransferStatus } from '../../../domain/enums';
import { id, requiredRef, timestamps } from '../../db/columns';
import { centers, firstCenterDefault } from '../centers/tables';
import { products } from '../product/tables';
import { staff } from '../staff/tables';

/**
 * What may be sold of a product at one gas center. `stock` is what is on hand there (kg for gas,
 * items otherwise) and goes down when an order of that center is placed and back up when it is
 * cancelled; `dailyLimit` caps what that center's orders placed on one Lagos day may take. Null
 * means no limit of that kind. A product without a quota row at a center is unlimited there.
 */
export const quotas = pgTable(
  'quotas',
  {
    id: id(),
    productId: requiredRef('product_id', () => products.id, 'cascade'),
    /** The center whose stock this is (migration 0028: the rows from before are the first center's). */
    centerId: uuid('center_id')
      .notNull()
      .default(firstCenterDefault)
      .references(() => centers.id),
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
  (t) => [uniqueIndex('quotas_product_center_idx').on(t.productId, t.centerId)],
);

export type QuotaRow = typeof quotas.$inferSelect;

/**
 * Stock sent from one center to another (kg of gas, items otherwise): taken off the sender's stock
 * when sent (InTransit), then added to the receiver's once (Received), or given back to the sender
 * once (Cancelled).
 */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: id(),
    fromCenterId: requiredRef('from_center_id', () => centers.id),
    toCenterId: requiredRef('to_center_id', () => centers.id),
    productId: requiredRef('product_id', () => products.id),
    quantity: doublePrecision('quantity').notNull(),
    status: text('status').$type<StockTransferStatus>().notNull().default('InTransit'),
    note: text('note'),
    sentBy: uuid('sent_by').references(() => staff.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: uuid('received_by').references(() => staff.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => staff.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('stock_transfers_from_idx').on(t.fromCenterId, t.sentAt),
    index('stock_transfers_to_idx').on(t.toCenterId, t.sentAt),
    check('stock_transfers_centers_check', sql`${t.fromCenterId} <> ${t.toCenterId}`),
    check('stock_transfers_quantity_check', sql`${t.quantity} > 0`),
    check('stock_transfers_status_check', sql`${t.status} IN ('InTransit', 'Received', 'Cancelled')`),
  ],
);

export type StockTransferRow = typeof stockTransfers.$inferSelect;
