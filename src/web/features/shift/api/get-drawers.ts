import { queryOptions } from '@tanstack/react-query';
import type { Shift } from '../../../../domain/schemas/shift';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './keys';

/**
 * GET /api/admin/shift: every shift started in the Lagos days (Admin / Accountant; CEO and Manager
 * pass), of a gas center or the company (`center`: CEO and Manager; the others get their shift's).
 */
export const drawersQueryOptions = (range: { fromDate: string; toDate: string; center?: string }) =>
  queryOptions({
    queryKey: shiftKeys.drawers(range),
    queryFn: () => api.get<Shift[]>('admin/shift', { searchParams: range }),
    retry: false,
  });
