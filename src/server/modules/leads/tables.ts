import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LeadKind } from '../../../domain/schemas/leads';
import { id, timestamps } from '../../db/columns';

/**
 * Leads of the public site: register-interest forms (kind 'interest', service = the page) and
 * rider / driver applications (kind 'application', service = 'rider' | 'driver'). One row per
 * kind, service and phone, so a resubmitted form never creates a second lead.
 */
export const leads = pgTable(
  'leads',
  {
    id: id(),
    kind: text('kind').$type<LeadKind>().notNull(),
    service: text('service').notNull(),
    name: text('name').notNull(),
    /** Local form, 0 + 10 digits. */
    phone: text('phone').notNull(),
    city: text('city'),
    businessName: text('business_name'),
    email: text('email'),
    /** Applications only: scrypt with a random salt (see password-hash.ts); never sent out. */
    passwordHash: text('password_hash'),
    /** When a staff member marked the lead contacted (once), who, and what they noted. */
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    contactedBy: uuid('contacted_by'),
    contactNote: text('contact_note'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('leads_kind_service_phone_unique').on(t.kind, t.service, t.phone),
    index('leads_created_idx').on(t.createdAt),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
