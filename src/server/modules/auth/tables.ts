import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef } from '../../db/columns';
import { clients } from '../client/tables';

/**
 * One row per refresh token. Rotation replaces a row by a new one of the same family;
 * presenting a replaced token again revokes the whole family.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id, 'cascade'),
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

/**
 * One-time codes, one row per sign-in attempt (its id is the attempt id the pending cookie
 * carries). Only an HMAC of the code is kept. A client may have several open codes, one per
 * browser that asked; a browser's new code closes only its own earlier one. `attempts` counts
 * wrong tries on this code alone: at the limit the code is burned.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id, 'cascade'),
    /**
     * What the code opens: a sign-in, the hand-over of one order at the counter (pickup module), or
     * a counter sale paid from the customer's wallet (counter module).
     */
    purpose: text('purpose').$type<OtpPurpose>().notNull().default('signin'),
    /** For a hand-over code, the order it hands over: it is checked against that order alone. */
    subjectId: uuid('subject_id'),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the code can no longer be used; closedReason says why. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason').$type<OtpClosedReason>(),
    /** The address that asked for it (an IPv6 one by its /64: limited-address.ts), for the per-address limits. */
    requestIp: text('request_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('otp_codes_client_idx').on(t.clientId, t.createdAt),
    index('otp_codes_ip_idx').on(t.requestIp, t.createdAt),
    index('otp_codes_subject_idx').on(t.purpose, t.subjectId, t.createdAt),
  ],
);

export type OtpPurpose = 'signin' | 'handover' | 'wallet-sale';
export type OtpClosedReason = 'used' | 'burned' | 'replaced' | 'send_failed';
export type OtpCodeRow = typeof otpCodes.$inferSelect;
