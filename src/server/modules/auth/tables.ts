import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { clients } from '../client/tables';

/**
 * One row per refresh token. Rotation replaces a row by a new one of the same family;
 * presenting a replaced token again revokes the whole family.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull().unique(),
    platform: text('platform'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_sessions_client_idx').on(t.clientId), index('auth_sessions_family_idx').on(t.familyId)],
);

export type AuthSessionRow = typeof authSessions.$inferSelect;
