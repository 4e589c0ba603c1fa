import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { randomToken, sha256, signToken } from '../../lib/tokens';
import { authSessions } from './tables';

export const ACCESS_COOKIE = 'arrive_at';
export const REFRESH_COOKIE = 'arrive_rt';
export const ACCESS_TTL_MS = 15 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The refresh cookie is only ever sent to the auth endpoints. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export type AccessTokenPayload = { sub: string; sid: string; exp: number };
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
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/', maxAge: ACCESS_TTL_MS / 1000 });
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
