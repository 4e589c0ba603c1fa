import { queryOptions } from '@tanstack/react-query';
import type { StaffMember } from '../../../../domain/schemas/staff';
import { api } from '../../../lib/api-client';
import { staffKeys } from './keys';

/** GET /api/staff/active: the people who work here now. */
export const activeStaffQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.active(),
    queryFn: () => api.get<StaffMember[]>('staff/active'),
    retry: false,
  });
