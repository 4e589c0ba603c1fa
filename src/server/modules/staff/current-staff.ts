import type { FastifyRequest } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import type { StaffContext } from '../../plugins/session';

/** The staff member requireStaff loaded; a route that forgot the guard fails closed. */
export function currentStaff(request: FastifyRequest): StaffContext {
  if (!request.staff) throw new AppError('Staff only', { status: 403, type: ErrorType.Forbidden });
  return request.staff;
}
