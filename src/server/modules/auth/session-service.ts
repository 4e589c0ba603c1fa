import { randomUUID } from 'node:crypto';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { randomToken, sha256, signToken } from '../../lib/tokens';
import { ACCESS_COOKIE, type AccessTokenPayload } from '../../plugins/session';
import { authSessions } from './tables';

export { ACCESS_COOKIE };

export const REFRESH_COOKIE = 'arrive_rt';
export const ACCESS_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The refresh cookie is only ever sent to the auth endpoints. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export type SessionTokens = { accessToken: string; refreshToken: string; sessionId: string };

export function signAccessToken(config: Pick<Config, 'SESSION_SECRET'>, clientId: string, sessionId: string) {
  const payload: AccessTokenPayload = { sub: clientId, sid: sessionId, exp: Date.now() + ACCESS_TTL_MS };
  return signToken(payload, config.SESSION_SECRET);
}

/** Opens a new session family for a client whose code was just confirmed. */
export async function createSession(
  db: DbOrTx,
  config: Pick<Config, 'SESSION_SECRET'>,
  clientId: string,
  meta: { platform?: string; userAgent?: string; familyId?: string } = {},
): Promise<SessionTokens> {
  const refreshToken = randomToken();
  const [row] = await db
    .insert(authSessions)
    .values({
      clientId,
      familyId: meta.familyId ?? randomUUID(),
      refreshTokenHash: sha256(refreshToken),
      platform: meta.platform,
      userAgent: meta.userAgent?.slice(0, 300),
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
    })
    .returning({ id: authSessions.id });
  if (!row) throw new Error('session was not stored');
  return { accessToken: signAccessToken(config, clientId, row.id), refreshToken, sessionId: row.id };
}

export function setSessionCookies(reply: FastifyReply, config: Pick<Config, 'production'>, tokens: SessionTokens) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.production };
  // The cookie outlives the token inside it on purpose: an expired token still reaches the server,
  // which answers TokenExpired, and the web client then refreshes once and repeats the call. A
  // cookie that vanished with its token would look like a visitor (UnAuthorized) instead.
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/', maxAge: REFRESH_TTL_MS / 1000 });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, {
    ...base,
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TTL_MS / 1000,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: Pick<Config, 'production'>) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.production };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_COOKIE_PATH });
}

/** The refresh token a request presents: its httpOnly cookie, else the body's refreshToken field. */
export function presentedRefreshToken(request: FastifyRequest, bodyToken?: string): string | undefined {
  return request.cookies[REFRESH_COOKIE] || bodyToken || undefined;
}

export type RotationResult =
  | { ok: true; clientId: string; tokens: SessionTokens }
  | { ok: false; problem: 'unknown' | 'revoked' | 'expired' }
  /** The sessions the reuse revoked, for the revocation check to refuse at once. */
  | { ok: false; problem: 'reused'; revokedSessionIds: string[] };

/**
 * How long after its exchange a refresh token may be exchanged again by the same browser: two tabs
 * opened at once (or a link tapped while the app loads) both send the cookie they share before
 * either answer has replaced it, and a second phone of nobody's. Each gets its own pair in the
 * family, as a reuse interval does at the big identity providers. After it, a copy is a theft.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

/**
 * Exchanges a refresh token for a new pair in the same family. The presented row is locked and
 * marked replaced in one transaction, so two refreshes with one token cannot both win. A token
 * that was already replaced is a reuse: someone holds a copy, so the whole family is revoked —
 * except within REFRESH_REUSE_GRACE_MS of its exchange, from the same browser (its user agent).
 */
export async function rotateRefreshToken(
  db: DbOrTx,
  config: Pick<Config, 'SESSION_SECRET'>,
  refreshToken: string,
  meta: { platform?: string; userAgent?: string } = {},
): Promise<RotationResult> {
  const hash = sha256(refreshToken);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(authSessions).where(eq(authSessions.refreshTokenHash, hash)).for('update');
    if (!row) return { ok: false, problem: 'unknown' } as const;
    if (row.revokedAt) return { ok: false, problem: 'revoked' } as const;
    if (row.expiresAt.getTime() <= Date.now()) return { ok: false, problem: 'expired' } as const;
    if (row.replacedAt) {
      const concurrent =
        Date.now() - row.replacedAt.getTime() <= REFRESH_REUSE_GRACE_MS &&
        (row.userAgent ?? null) === (meta.userAgent?.slice(0, 300) ?? null);
      if (!concurrent) return { ok: false, problem: 'reused', familyId: row.familyId } as const;
      const tokens = await createSession(tx, config, row.clientId, { ...meta, familyId: row.familyId });
      return { ok: true, clientId: row.clientId, tokens } as const;
    }
    await tx.update(authSessions).set({ replacedAt: new Date() }).where(eq(authSessions.id, row.id));
    const tokens = await createSession(tx, config, row.clientId, { ...meta, familyId: row.familyId });
    return { ok: true, clientId: row.clientId, tokens } as const;
  });
  if (!outcome.ok && outcome.problem === 'reused') {
    // Outside the transaction above: the revocation must stand even though the request fails.
    const revokedSessionIds = await revokeFamily(db, outcome.familyId);
    return { ok: false, problem: 'reused', revokedSessionIds };
  }
  return outcome;
}

/**
 * The revoke functions answer the ids of the sessions they revoked: their access tokens stay
 * signed and unexpired, so the caller hands the ids to the revocation check (session-revocation.ts).
 */
export async function revokeFamily(db: DbOrTx, familyId: string): Promise<string[]> {
  return revokeLiveSessions(db, eq(authSessions.familyId, familyId));
}

/** Revokes the sessions `which` picks that are not revoked yet, and answers their ids. */
async function revokeLiveSessions(db: DbOrTx, which: SQL): Promise<string[]> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(which, isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  return rows.map((r) => r.id);
}

/** Revokes the family a refresh token or a session id belongs to (logout of this device). */
export async function revokeSessionOf(
  db: DbOrTx,
  by: { refreshToken?: string; sessionId?: string },
): Promise<string[]> {
  const families = new Set<string>();
  if (by.refreshToken) {
    const [row] = await db
      .select({ familyId: authSessions.familyId })
      .from(authSessions)
      .where(eq(authSessions.refreshTokenHash, sha256(by.refreshToken)));
    if (row) families.add(row.familyId);
  }
  if (by.sessionId) {
    const [row] = await db
      .select({ familyId: authSessions.familyId })
      .from(authSessions)
      .where(eq(authSessions.id, by.sessionId));
    if (row) families.add(row.familyId);
  }
  const revoked: string[] = [];
  for (const familyId of families) revoked.push(...(await revokeFamily(db, familyId)));
  return revoked;
}

/** Sign out of every device: every session of the client is revoked. */
export async function revokeAllSessions(db: DbOrTx, clientId: string): Promise<string[]> {
  return revokeLiveSessions(db, eq(authSessions.clientId, clientId));
}

/** Whether an access token's session is still alive (not revoked by logout or reuse). */
export async function isSessionActive(db: DbOrTx, sessionId: string): Promise<boolean> {
  const [row] = await sessionRevokedAt.run(db, { sessionId });
  return Boolean(row && !row.revokedAt);
}

/** Read for every signed-in request: built once (db/statement.ts). */
const sessionRevokedAt = statement('session_revoked_at', (db) =>
  db
    .select({ revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, sql.placeholder('sessionId'))),
);
