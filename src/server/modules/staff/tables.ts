import { boolean, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { StaffAccess, StaffRole } from '../../../domain/enums';
import { createdAt, id, requiredRef, timestamps } from '../../db/columns';
import { centers } from '../centers/tables';
import { clients } from '../client/tables';

/** A client who works for the company. isCurrentStaff is false once they leave. */
export const staff = pgTable('staff', {
  id: id(),
  clientId: requiredRef('client_id', () => clients.id, 'cascade').unique(),
  role: text('role').$type<StaffRole>().notNull(),
  access: text('access').array().$type<StaffAccess[]>().notNull(),
  isCurrentStaff: boolean('is_current_staff').notNull().default(true),
  ...timestamps(),
});

export type StaffRow = typeof staff.$inferSelect;

/**
 * The gas centers a staff member works at (one or several). A member listed at none — a record
 * written outside the staff screens — works at the first center, as everyone did before there
 * were several (centerIdsOfStaff).
 */
export const staffCenters = pgTable(
  'staff_centers',
  {
    staffId: requiredRef('staff_id', () => staff.id, 'cascade'),
    centerId: requiredRef('center_id', () => centers.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'staff_centers_pk', columns: [t.staffId, t.centerId] }),
    index('staff_centers_center_idx').on(t.centerId),
  ],
);
