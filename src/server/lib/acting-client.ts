import type { FastifyRequest } from 'fastify';
import { AppError, ErrorType } from '../../domain/errors';
import { ACTING_CLIENT_HEADER } from '../../domain/offline-queue';

/**
 * A replayed action must be its author's: never let it act on whoever is signed in now. The
 * device's queue sends an action (a shift's start or end, a counter sale, a rider's step) with
 * the account that took it; on a shared tablet or phone someone else may have signed in since.
 */
export function assertActingClient(request: FastifyRequest, { unlessSignedOut = false } = {}) {
  const acting = request.headers[ACTING_CLIENT_HEADER];
  // `unlessSignedOut` (signing out): a session whose access has expired still signs out, by its
  // refresh cookie; only someone else signed in now is kept signed in.
  if (unlessSignedOut && !request.auth) return;
  if (typeof acting === 'string' && acting !== request.auth?.clientId) {
    throw new AppError('This action was saved by someone who has since signed out; it was not applied', {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'ActingClientMismatch' },
    });
  }
}
