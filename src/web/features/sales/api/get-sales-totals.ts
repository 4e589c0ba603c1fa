import { queryOptions } from '@tanstack/react-query';
import type { SalesQuery, SalesTotals } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './keys';

/** GET /api/sales: company totals by payment type and day (Admin / Accountant access). */
export const salesTotalsQueryOptions = (range: SalesQuery) =>
  queryOptions({
    queryKey: salesKeys.totals(range),
    queryFn: () => api.get<SalesTotals>('sales', { searchParams: range }),
    retry: false,
  });
