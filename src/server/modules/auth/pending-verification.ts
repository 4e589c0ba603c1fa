import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { signToken, verifyToken } from '../../lib/tokens';
import { PENDING_VERIFICATION_TTL_MS } from './limits';
import { REFRESH_COOKIE_PATH } from './session-service';

/*
 * Whose code is opt_confirmation checking? SPEC §7 gives that call only { optCode }. Signup,
 * login and the code requests therefore set this short-lived, signed, httpOnly cookie naming
 * the client (path /api/auth, so no other call ever carries it). The browser's script cannot
 * read or forge it, and a code typed in one browser cannot confirm a sign-in started in another
 * one unless that caller also names the number (the optional mobileNumber fallback, for callers
 * without cookies; it is bounded by the same per-phone limits). The responses also carry
 * clientId, which the verification screen keeps in its navigation state (SPEC §4: without a
 * client id the inputs are locked).
 */
export const PENDING_COOKIE = 'arrive_pv';

type PendingPayload = { typ: 'pending'; sub: string; exp: number };

export function setPendingVerification(
  reply: FastifyReply,
  config: Pick<Config, 'SESSION_SECRET' | 'production'>,
  clientId: string,
) {
  const payload: PendingPayload = { typ: 'pending', sub: clientId, exp: Date.now() + PENDING_VERIFICATION_TTL_MS };
  reply.setCookie(PENDING_COOKIE, signToken(payload, config.SESSION_SECRET), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: REFRESH_COOKIE_PATH,
    maxAge: PENDING_VERIFICATION_TTL_MS / 1000,
  });
}

/** The client named by a valid, unexpired pending-verification cookie, or null. */
export function readPendingVerification(
  request: FastifyRequest,
  config: Pick<Config, 'SESSION_SECRET'>,
): string | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  const payload = verifyToken<Partial<PendingPayload>>(raw, config.SESSION_SECRET);
  if (payload?.typ !== 'pending' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
  if (payload.exp < Date.now()) return null;
  return payload.sub;
}

export function clearPendingVerification(reply: FastifyReply, config: Pick<Config, 'production'>) {
  reply.clearCookie(PENDING_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: REFRESH_COOKIE_PATH,
  });
}
