import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef, timestamps } from '../../db/columns';
import { centers, firstCenterDefault } from '../centers/tables';
import { orders } from '../order/tables';
import { staff } from '../staff/tables';

/** A staff member's working shift; endedAt is null while they are working now. */
export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    staffId: requiredRef('staff_id', () => staff.id, 'cascade'),
    /** The gas center the shift is worked at (its drawer is that center's). */
    centerId: requiredRef('center_id', () => centers.id).default(firstCenterDefault),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Cash in the drawer at the start, in kobo. */
    openingFloat: bigint('opening_float', { mode: 'number' }).notNull().default(0),
    /** Cash counted at the end, in kobo. */
    closingCash: bigint('closing_cash', { mode: 'number' }),
    /** Float + cash sales when the shift ended (kobo): frozen so a later correction does not rewrite a closed drawer. */
    expectedCash: bigint('expected_cash', { mode: 'number' }),
    /** The staff member who opened / closed it when not the worker themselves (a manager). */
    startedBy: uuid('started_by').references(() => staff.id, { onDelete: 'set null' }),
    endedBy: uuid('ended_by').references(() => staff.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('shifts_staff_idx').on(t.staffId),
    index('shifts_started_idx').on(t.startedAt),
    // At most one open shift per staff member, whatever races the requests run.
    uniqueIndex('shifts_one_open_per_staff').on(t.staffId).where(sql`${t.endedAt} is null`),
  ],
);

export type ShiftRow = typeof shifts.$inferSelect;

/**
 * The cash drawer of a shift: every cash sale taken and every cash refund paid out at the counter,
 * one row each (kobo, always positive). An order gives at most one sale and one refund row.
 */
export const shiftCashMovements = pgTable(
  'shift_cash_movements',
  {
    id: id(),
    shiftId: requiredRef('shift_id', () => shifts.id, 'cascade'),
    kind: text('kind').$type<'sale' | 'refund'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('shift_cash_movements_shift_idx').on(t.shiftId),
    uniqueIndex('shift_cash_movements_order_kind').on(t.orderId, t.kind),
    check('shift_cash_movements_amount_positive', sql`${t.amount} > 0`),
  ],
);

export type ShiftCashMovementRow = typeof shiftCashMovements.$inferSelect;
