import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ClientOrderPage } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
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

/** The history: the newest orders, then "more" follows the server's cursor. */
export const clientOrderPagesQueryOptions = (filters: OrderListFilters) =>
  infiniteQueryOptions({
    queryKey: orderKeys.pages(filters),
    queryFn: ({ pageParam }) => getClientOrders({ ...filters, cursor: pageParam }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.data.nextCursor,
    placeholderData: keepPreviousData,
    // Run offline too: the fetcher falls back to the copy saved on the device.
    networkMode: 'always',
  });
