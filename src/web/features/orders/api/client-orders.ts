// The client's history pages without the app's query cache: the app's history
// (get-client-orders.ts) and the history's script-light first view (features/orders/light) read
// and save them the same way.
import { OrderStatus } from '../../../../domain/enums';
import type { ClientOrderPage, Order, OrderQr, OrderSummary } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { type Cached, withOfflineCopy } from '../../../lib/offline-copy';
import { listCached } from '../../../lib/saved-copies';

/** Where an order's page is saved on the device (the history lists them offline, by this prefix). */
export const ORDER_DETAIL_KEY_PREFIX = 'detail:';

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

export const orderDetailCacheKey = (orderNumber: string) => `${ORDER_DETAIL_KEY_PREFIX}${orderNumber.toUpperCase()}`;

/** GET /api/order/{orderNumber}, saved for offline viewing. */
export const getOrder = (orderNumber: string) =>
  withOfflineCopy(orderDetailCacheKey(orderNumber), () => api.get<Order>(`order/${encodeURIComponent(orderNumber)}`));

/**
 * GET /api/order/qr_code/{id}: the signed token for the pickup QR code and the short code, saved
 * on the device too: the counter is where the network is worst.
 */
export const getOrderQr = (orderNumber: string, orderId: string) =>
  withOfflineCopy(`qr:${orderNumber.toUpperCase()}`, () =>
    api.get<OrderQr>(`order/qr_code/${encodeURIComponent(orderId)}`),
  );

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
