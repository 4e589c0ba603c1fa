import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentType } from '../../../domain/enums';
import { createdAt, id, requiredRef } from '../../db/columns';
import { orders } from '../order/tables';
import { shifts } from '../shift/tables';
import { staff } from '../staff/tables';

/** A sale made at the counter: who sold it, on which shift, how it was paid and whether it left at once. */
export const counterSales = pgTable(
  'counter_sales',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade').unique(),
    staffId: requiredRef('staff_id', () => staff.id, 'cascade'),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    /** Null: placed for the customer to pay later (in the app, or at the counter). */
    paymentType: text('payment_type').$type<PaymentType>(),
    /** The POS slip or transfer reference typed in for an Electronic payment. */
    posReference: text('pos_reference'),
    /** The number an offline tablet printed on the receipt before the sale synced. */
    provisionalNumber: text('provisional_number'),
    /**
     * The tablet that printed the provisional number (a random id it keeps): a number is recorded
     * once per tablet (unique with it), so a sale replayed under another key is the same sale.
     */
    deviceId: text('device_id'),
    /** The catalogue version (product_price_history.version) an offline sale was priced with. */
    priceVersion: bigint('price_version', { mode: 'number' }),
    handedOver: boolean('handed_over').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('counter_sales_shift_idx').on(t.shiftId),
    uniqueIndex('counter_sales_device_provisional')
      .on(t.deviceId, t.provisionalNumber)
      .where(sql`${t.deviceId} is not null and ${t.provisionalNumber} is not null`),
  ],
);

export type CounterSaleRow = typeof counterSales.$inferSelect;
