import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns';
import { staff } from '../staff/tables';

/** A staff member's working shift; endedAt is null while they are working now. */
export const shifts = pgTable(
  'shifts',
  {
    id: id(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
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
