import { queryOptions } from '@tanstack/react-query';
import type { SalesReportQuery, SalesTotals } from '../../../../domain/schemas/sales';
import { withCompanyUnnamed } from '../../../components/center-filter';
import { api } from '../../../lib/api-client';
import { salesKeys } from './keys';

/**
 * GET /api/sales: totals by payment type and day (Admin / Accountant access), of a gas center or
 * the company with each center (`center`: CEO and Manager; the others get their shift's center).
 */
export const salesTotalsQueryOptions = (range: Omit<SalesReportQuery, 'format'>) =>
  queryOptions({
    queryKey: salesKeys.totals(range),
    queryFn: () => api.get<SalesTotals>('sales', { searchParams: withCompanyUnnamed(range) }),
    retry: false,
  });
