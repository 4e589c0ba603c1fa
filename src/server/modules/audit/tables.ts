import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { AuditAction } from '../../../domain/schemas/audit';
import { createdAt, id } from '../../db/columns';

/**
 * One staff action that moved money, stock or goods (migration 0025). Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE. No foreign key to staff: the row keeps the name the person
 * had then and outlives their record.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    createdAt: createdAt(),
    staffId: uuid('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    subject: text('subject'),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    userAgent: text('user_agent'),
    ip: text('ip'),
    deviceId: text('device_id'),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_staff_created_idx').on(t.staffId, t.createdAt),
    index('audit_events_action_created_idx').on(t.action, t.createdAt),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
