import { queryOptions } from '@tanstack/react-query';
import { lagosDateKey } from '../../../../domain/format';
import type { AdminOrderSummary, AdminOrdersQuery } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { freshCopy, withOfflineCopy } from '../../../lib/offline-copy';
import { dispatchKeys } from './keys';

/**
 * The center of the member's shift, as the shift (another feature's) says: `known` once it was
 * read, or could not be; `centerId` null for a shift that names none.
 */
export type ShiftCenter = { known: boolean; centerId: string | null };

/**
 * Where the tablet keeps today's orders of a gas center: one copy per center (or per "all" for
 * the CEO's and Managers' company list), so a tablet offline at Ikeja never shows the list Lekki's
 * shift left. Without a center (a shift that names none) the one copy of before.
 */
export const todaysOrdersCacheKey = (day: string, center: string | null | undefined) =>
  center ? `dashboard-today-${day}:${center}` : `dashboard-today-${day}`;

/**
 * Orders by status, Lagos day range and gas center; today's list is kept for offline viewing.
 * `filters.center` is the center a CEO or a Manager chose; anyone else asks for none (the server
 * answers their shift's) and names their shift's center (`shiftCenterId`) for the copy's key.
 */
export const ordersQueryOptions = (filters: AdminOrdersQuery, shiftCenterId: string | null = null) => {
  const copyCenter = filters.center ?? shiftCenterId;
  return queryOptions({
    queryKey: dispatchKeys.orderList(filters, copyCenter),
    queryFn: () => {
      const today = lagosDateKey(new Date());
      const isToday = !filters.status && filters.fromDate === today && filters.toDate === today;
      const fetcher = () => api.get<AdminOrderSummary[]>('admin/orders', { searchParams: filters });
      return isToday ? withOfflineCopy(todaysOrdersCacheKey(today, copyCenter), fetcher) : fetcher().then(freshCopy);
    },
    retry: false,
    // Runs offline too: today's list then comes from the copy on this tablet.
    networkMode: 'always',
  });
};
