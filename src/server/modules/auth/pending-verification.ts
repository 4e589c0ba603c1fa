import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { signToken, verifyToken } from '../../lib/tokens';
import { PENDING_VERIFICATION_TTL_MS } from './limits';
import { REFRESH_COOKIE_PATH } from './session-service';

/*
 * Whose code is opt_confirmation checking? The call carries only { optCode }. Each code
 * sent is one sign-in attempt, and signup, login and the code requests set this short-lived,
 * signed, httpOnly cookie naming the client and the attempt (path /api/auth, so no other call
 * ever carries it). A code is checked only within its own attempt, and wrong guesses count
 * against that attempt alone: someone who knows a client's number but holds no cookie of theirs
 * cannot touch that client's code, its counters or anyone's sign-in but their own
 * (src/server/modules/auth/README.md). The browser's script cannot read or forge the cookie. The
 * responses also carry clientId, which the verification screen keeps in its navigation state
 * (without a client id its inputs are locked).
 */
export const PENDING_COOKIE = 'arrive_pv';

type PendingPayload = { typ: 'pending'; sub: string; att: string; exp: number };

/** A sign-in in progress in this browser: the client, and the attempt (the code sent) it awaits. */
export type PendingVerification = { clientId: string; attemptId: string };

export function setPendingVerification(
  reply: FastifyReply,
  config: Pick<Config, 'SESSION_SECRET' | 'production'>,
  pending: PendingVerification,
) {
  const payload: PendingPayload = {
    typ: 'pending',
    sub: pending.clientId,
    att: pending.attemptId,
    exp: Date.now() + PENDING_VERIFICATION_TTL_MS,
  };
  reply.setCookie(PENDING_COOKIE, signToken(payload, config.SESSION_SECRET), {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: REFRESH_COOKIE_PATH,
    maxAge: PENDING_VERIFICATION_TTL_MS / 1000,
  });
}

/** The sign-in named by a valid, unexpired pending-verification cookie, or null. */
export function readPendingVerification(
  request: FastifyRequest,
  config: Pick<Config, 'SESSION_SECRET'>,
): PendingVerification | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  const payload = verifyToken<Partial<PendingPayload>>(raw, config.SESSION_SECRET);
  if (
    payload?.typ !== 'pending' ||
    typeof payload.sub !== 'string' ||
    typeof payload.att !== 'string' ||
    typeof payload.exp !== 'number'
  )
    return null;
  if (payload.exp < Date.now()) return null;
  return { clientId: payload.sub, attemptId: payload.att };
}

export function clearPendingVerification(reply: FastifyReply, config: Pick<Config, 'production'>) {
  reply.clearCookie(PENDING_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    path: REFRESH_COOKIE_PATH,
  });
}
