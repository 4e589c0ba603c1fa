import { queryOptions } from '@tanstack/react-query';
import type { SalesQuery, SalesTotals, StaffSalesDetail, StaffSalesList } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** Company totals by payment type and day (Admin / Accountant access). */
export const salesTotalsQueryOptions = (range: SalesQuery) =>
  queryOptions({
    queryKey: dashboardKeys.salesTotals(range),
    queryFn: () => api.get<SalesTotals>('sales', { searchParams: range }),
    retry: false,
  });

/** Per staff member (Admin / Accountant access). */
export const salesByStaffQueryOptions = (range: SalesQuery) =>
  queryOptions({
    queryKey: dashboardKeys.salesByStaff(range),
    queryFn: () => api.get<StaffSalesList>('admin/sales/staff', { searchParams: range }),
    retry: false,
  });

/** The signed-in staff member's own sales (any staff). */
export const mySalesQueryOptions = (range: SalesQuery) =>
  queryOptions({
    queryKey: dashboardKeys.mySales(range),
    queryFn: () => api.get<StaffSalesDetail>('admin/sales', { searchParams: range }),
    retry: false,
  });
