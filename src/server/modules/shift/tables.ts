import { bigint, index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    ...timestamps(),
  },
  (t) => [index('shifts_staff_idx').on(t.staffId)],
);

export type ShiftRow = typeof shifts.$inferSelect;
