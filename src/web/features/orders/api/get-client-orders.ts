import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { getClientOrders, type OrderListFilters, savedOrdersPage } from './client-orders';
import { orderKeys } from './keys';

export { getClientOrders, type OrderListFilters, orderListCacheKey, savedOrdersPage } from './client-orders';

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
