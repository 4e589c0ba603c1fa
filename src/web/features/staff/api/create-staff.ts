import type { CreateStaffBody, CreateStaffResponse } from '../../../../domain/schemas/staff';
import { api } from '../../../lib/api-client';

/** POST /api/staff/create: makes a client staff, or updates their staff record. */
export const createStaff = (body: CreateStaffBody, idempotencyKey: string) =>
  api.post<CreateStaffResponse>('staff/create', body, { idempotencyKey });
