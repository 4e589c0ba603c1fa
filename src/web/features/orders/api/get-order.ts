import { queryOptions } from '@tanstack/react-query';
import type { Order } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { orderKeys } from './keys';

export const orderDetailCacheKey = (orderNumber: string) => `detail:${orderNumber.toUpperCase()}`;

/** GET /api/order/{orderNumber}, saved for offline viewing. */
export const getOrder = (orderNumber: string) =>
  withOfflineCopy(orderDetailCacheKey(orderNumber), () => api.get<Order>(`order/${encodeURIComponent(orderNumber)}`));

export const orderQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: orderKeys.detail(orderNumber),
    queryFn: () => getOrder(orderNumber),
    // Paid or moved on another device, or by the counter, while this one was put down: read again
    // when the page is looked at again.
    refetchOnWindowFocus: 'always',
    // Run offline too: the fetcher falls back to the copy saved on the device.
    networkMode: 'always',
  });
