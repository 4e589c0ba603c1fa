import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ClientOrderPage, Order, OrderSummary } from '../../../../domain/schemas/order';
import { ApiError, api } from '../../../lib/api-client';
import { type Cached, withOfflineCopy } from '../../../lib/offline-copy';
import { listCached } from '../../../lib/saved-copies';
import { ORDER_DETAIL_KEY_PREFIX } from './get-order';
import { orderKeys } from './keys';

export type OrderListFilters = { status?: string; pageSize: number };
type OrderListRequest = OrderListFilters & { cursor?: string | null };

/** Each page is saved under its own key: offline, "more" still shows what was seen before. */
export const orderListCacheKey = (f: OrderListRequest) =>
  `list:${f.status ?? 'all'}:${f.cursor ?? 'first'}:${f.pageSize}`;

/** GET /api/order/client: the client's orders from `cursor` on (the newest without one), saved for offline viewing. */
export const getClientOrders = (request: OrderListRequest) =>
  withOfflineCopy(orderListCacheKey(request), () =>
    api.get<ClientOrderPage>('order/client', {
      searchParams: { status: request.status, pageSize: request.pageSize, cursor: request.cursor ?? undefined },
    }),
  );

/** The newest orders only (after sign-in: does the client have any?). */
export const clientOrdersQueryOptions = (filters: OrderListFilters) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: () => getClientOrders(filters),
    networkMode: 'always',
  });

/** An order's page as the history lists it. */
const summaryOf = (order: Order): OrderSummary => ({
  id: order.id,
  orderNumber: order.orderNumber,
  type: order.type,
  status: order.status,
  paymentStatus: order.paymentStatus,
  paymentType: order.paymentType,
  deliveryOption: order.deliveryOption,
  total: order.total,
  itemCount: order.items.length,
  createdAt: order.createdAt,
});

/**
 * Offline, "more" that was never read while online: the orders whose own page is saved on this
 * phone (opened before), newest first, as the last page. The history leaves out those it shows.
 */
export async function savedOrdersPage(filters: OrderListFilters): Promise<Cached<ClientOrderPage>> {
  const saved = await listCached<Order>('orders', ORDER_DETAIL_KEY_PREFIX);
  const orders = saved
    .map((row) => row.value)
    .filter((order) => !filters.status || order.status === filters.status)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(summaryOf);
  const updatedAt = saved.length ? Math.min(...saved.map((row) => row.updatedAt)) : Date.now();
  return { data: { orders, pageSize: filters.pageSize, nextCursor: null }, updatedAt, fromCache: true };
}

/** The history: the newest orders, then "more" follows the server's cursor. */
export const clientOrderPagesQueryOptions = (filters: OrderListFilters) =>
  infiniteQueryOptions({
    queryKey: orderKeys.pages(filters),
    queryFn: async ({ pageParam }) => {
      try {
        return await getClientOrders({ ...filters, cursor: pageParam });
      } catch (error) {
        // A later page never read online: the orders saved on this phone, rather than nothing.
        if (pageParam !== null && error instanceof ApiError && error.isNetworkError) return savedOrdersPage(filters);
        throw error;
      }
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.data.nextCursor,
    placeholderData: keepPreviousData,
    // Run offline too: the fetcher falls back to the copy saved on the device.
    networkMode: 'always',
  });
