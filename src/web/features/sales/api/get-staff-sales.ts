import { queryOptions } from '@tanstack/react-query';
import type { SalesReportQuery, StaffSalesList } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { salesKeys } from './keys';

/** GET /api/admin/sales/staff: sales per staff member (Admin / Accountant access), of a center or the company. */
export const salesByStaffQueryOptions = (range: Omit<SalesReportQuery, 'format'>) =>
  queryOptions({
    queryKey: salesKeys.byStaff(range),
    queryFn: () => api.get<StaffSalesList>('admin/sales/staff', { searchParams: range }),
    retry: false,
  });
