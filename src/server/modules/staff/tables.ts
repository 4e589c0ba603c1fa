import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { StaffAccess, StaffRole } from '../../../domain/enums';
import { id, timestamps } from '../../db/columns';
import { clients } from '../client/tables';

/** A client who works for the company. isCurrentStaff is false once they leave. */
export const staff = pgTable('staff', {
  id: id(),
  clientId: uuid('client_id')
    .notNull()
    .unique()
    .references(() => clients.id, { onDelete: 'cascade' }),
  role: text('role').$type<StaffRole>().notNull(),
  access: text('access').array().$type<StaffAccess[]>().notNull(),
  isCurrentStaff: boolean('is_current_staff').notNull().default(true),
  ...timestamps(),
});

export type StaffRow = typeof staff.$inferSelect;
