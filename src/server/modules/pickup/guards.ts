import type { FastifyRequest } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import type { AuthContext, StaffContext } from '../../plugins/session';

/** After requireStaff: the staff member and their session (a missing one is a wiring bug, a 401 to the caller). */
export function staffOf(request: FastifyRequest): { auth: AuthContext; staff: StaffContext } {
  if (!request.auth || !request.staff)
    throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
  return { auth: request.auth, staff: request.staff };
}
