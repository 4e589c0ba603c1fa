import { queryOptions } from '@tanstack/react-query';
import { lagosDateKey } from '../../../../domain/format';
import type { AdminOrderSummary, AdminOrdersQuery } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { freshCopy, withOfflineCopy } from '../../../lib/offline-copy';
import { dispatchKeys } from './keys';

/** Orders by status and Lagos day range; today's list is kept for offline viewing. */
export const ordersQueryOptions = (filters: AdminOrdersQuery) =>
  queryOptions({
    queryKey: dispatchKeys.orderList(filters),
    queryFn: () => {
      const today = lagosDateKey(new Date());
      const isToday = !filters.status && filters.fromDate === today && filters.toDate === today;
      const fetcher = () => api.get<AdminOrderSummary[]>('admin/orders', { searchParams: filters });
      return isToday ? withOfflineCopy(`dashboard-today-${today}`, fetcher) : fetcher().then(freshCopy);
    },
    retry: false,
    // Runs offline too: today's list then comes from the copy on this tablet.
    networkMode: 'always',
  });
