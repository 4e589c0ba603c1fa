import { queryOptions } from '@tanstack/react-query';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Everyone's open shifts (Admin / Accountant access). */
export const openShiftsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.openShifts(),
    queryFn: () => api.get<Shift[]>('shift/all_active'),
    retry: false,
  });
