import { queryOptions } from '@tanstack/react-query';
import type { CreateStaffBody, CreateStaffResponse, StaffMember } from '../../../../domain/schemas/staff';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export const activeStaffQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.staff(),
    queryFn: () => api.get<StaffMember[]>('staff/active'),
    retry: false,
  });

export const createStaff = (body: CreateStaffBody, idempotencyKey: string) =>
  api.post<CreateStaffResponse>('staff/create', body, { idempotencyKey });
