import { queryOptions, useQuery } from '@tanstack/react-query';
import { lagosDateKey } from '../../../../domain/format';
import type { AdminOrderSummary, AdminOrdersQuery } from '../../../../domain/schemas/sales';
import { type ReportCenterProps, useReportCenter, withCompanyUnnamed } from '../../../components/center-filter';
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
      const fetcher = () => api.get<AdminOrderSummary[]>('admin/orders', { searchParams: withCompanyUnnamed(filters) });
      return isToday ? withOfflineCopy(todaysOrdersCacheKey(today, copyCenter), fetcher) : fetcher().then(freshCopy);
    },
    retry: false,
    // Runs offline too: today's list then comes from the copy on this tablet.
    networkMode: 'always',
  });
};

/** What the orders screens are given by their route: the center choice, and the shift's center. */
export type CenterOrdersProps = ReportCenterProps & { shiftCenter?: ShiftCenter };

const NO_SHIFT_CENTER: ShiftCenter = { known: true, centerId: null };

/**
 * The orders of the center a CEO or a Manager chose (the company's at first), or of the member's
 * shift; with the props of the screen's CenterFilter. `keepPrevious`: another center chosen, the
 * last figures stay until its own arrive.
 */
export function useCenterOrders(
  { centers, choosesCenter = false, shiftCenter = NO_SHIFT_CENTER }: CenterOrdersProps,
  filters: Omit<AdminOrdersQuery, 'center'>,
  keepPrevious = false,
) {
  const choice = useReportCenter(centers, choosesCenter);
  const orders = useQuery({
    ...ordersQueryOptions({ ...filters, ...choice.param }, choosesCenter ? null : shiftCenter.centerId),
    // The copy kept offline is the shift's center's: its list is read once the shift says which.
    enabled: choosesCenter || shiftCenter.known,
    ...(keepPrevious ? { placeholderData: <T>(previous: T) => previous } : {}),
  });
  return { orders, filter: { ...choice.filter, current: centers?.find((c) => c.id === shiftCenter.centerId) } };
}
