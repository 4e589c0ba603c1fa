import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns';

/** A person who signed up with a phone number; the phone, in both its forms, is the identity. */
export const clients = pgTable('clients', {
  id: id(),
  phoneLocal: text('phone_local').notNull().unique(),
  phoneInternational: text('phone_international').notNull().unique(),
  firstname: text('firstname'),
  lastname: text('lastname'),
  email: text('email'),
  isVerified: boolean('is_verified').notNull().default(false),
  /** The person asked to be erased: the phone and email hold a pseudonym, and nobody signs in here again. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  ...timestamps(),
});

export type ClientRow = typeof clients.$inferSelect;
export type NewClientRow = typeof clients.$inferInsert;
