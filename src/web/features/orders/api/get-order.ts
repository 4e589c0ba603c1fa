import { queryOptions } from '@tanstack/react-query';
import { getOrder, orderRefreshInterval } from './client-orders';
import { orderKeys } from './keys';

export const orderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNumber),
    queryFn: () => getOrder(orderNumber),
    // Paid or moved on another device, or by the counter, while this one was put down: read again
    // when the page is looked at again.
    refetchOnWindowFocus: 'always',
    // And while it is looked at, as long as it may still move.
    refetchInterval: (query) => orderRefreshInterval(query.state.data),
    // Run offline too: the fetcher falls back to the copy saved on the device.
    networkMode: 'always',
  });
