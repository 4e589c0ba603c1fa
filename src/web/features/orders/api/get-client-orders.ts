import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderPage } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { orderKeys } from './keys';

export type OrderListFilters = { status?: string; page: number; pageSize: number };

export const orderListCacheKey = (f: OrderListFilters) => `list:${f.status ?? 'all'}:${f.page}:${f.pageSize}`;

/** GET /api/order/client: the client's orders, saved for offline viewing. */
export const getClientOrders = (filters: OrderListFilters) =>
  withOfflineCopy(orderListCacheKey(filters), () =>
    api.get<OrderPage>('order/client', {
      searchParams: { status: filters.status, page: filters.page, pageSize: filters.pageSize },
    }),
  );

export const clientOrdersQueryOptions = (filters: OrderListFilters) =>
  queryOptions({
    queryKey: orderKeys.list(filters),
    queryFn: () => getClientOrders(filters),
    placeholderData: keepPreviousData,
    // Run offline too: the fetcher falls back to the copy saved on the device.
    networkMode: 'always',
  });
