import { queryOptions } from '@tanstack/react-query';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './keys';

/** GET /api/admin/shift: every shift started in the Lagos days (Admin / Accountant; CEO and Manager pass). */
export const drawersQueryOptions = (range: { fromDate: string; toDate: string }) =>
  queryOptions({
    queryKey: shiftKeys.drawers(range),
    queryFn: () => api.get<Shift[]>('admin/shift', { searchParams: range }),
    retry: false,
  });
