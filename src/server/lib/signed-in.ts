import type { FastifyRequest } from 'fastify';
import { AppError, ErrorType } from '../../domain/errors';

/**
 * The signed-in account's client id, in a handler behind a guard that asks for a session
 * (requireClient, requireStaff). Reached without one, the route is wired wrong: the caller gets a
 * 401, and nothing runs.
 */
export function signedInClientId(request: Pick<FastifyRequest, 'auth'>): string {
  if (!request.auth) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
  return request.auth.clientId;
}
