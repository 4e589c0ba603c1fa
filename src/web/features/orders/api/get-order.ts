import { queryOptions } from '@tanstack/react-query';
import { OrderStatus } from '../../../../domain/enums';
import type { Order } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { type Cached, withOfflineCopy } from '../../../lib/offline-copy';
import { ORDER_DETAIL_KEY_PREFIX } from './client-orders';
import { orderKeys } from './keys';

export { ORDER_DETAIL_KEY_PREFIX };
export const orderDetailCacheKey = (orderNumber: string) => `${ORDER_DETAIL_KEY_PREFIX}${orderNumber.toUpperCase()}`;

/** GET /api/order/{orderNumber}, saved for offline viewing. */
export const getOrder = (orderNumber: string) =>
  withOfflineCopy(orderDetailCacheKey(orderNumber), () => api.get<Order>(`order/${encodeURIComponent(orderNumber)}`));

/** How often an order's page reads it again while it may still move and the page is on screen. */
export const ORDER_SCREEN_REFRESH_MS = 30_000;

const settled = new Set<string>([OrderStatus.Delivered, OrderStatus.Cancelled]);

/**
 * Read again while on screen if the order may still move without this device (paid from another
 * one, handed over or cancelled at the counter); not a settled order, nor a saved copy shown
 * offline (the reconnect reads that one).
 */
export const orderRefreshInterval = (data: Cached<Order> | undefined): number | false =>
  data && !data.fromCache && !settled.has(data.data.status) ? ORDER_SCREEN_REFRESH_MS : false;

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
