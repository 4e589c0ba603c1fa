import { queryOptions } from '@tanstack/react-query';
import type { SalesQuery, StaffSalesDetail } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './keys';

/** GET /api/admin/sales: the signed-in staff member's own sales (any staff). */
export const mySalesQueryOptions = (range: SalesQuery) =>
  queryOptions({
    queryKey: salesKeys.mine(range),
    queryFn: () => api.get<StaffSalesDetail>('admin/sales', { searchParams: range }),
    retry: false,
  });
