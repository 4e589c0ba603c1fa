import { queryOptions } from '@tanstack/react-query';
import type { OrderQr } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { orderKeys } from './keys';

/**
 * GET /api/order/qr_code/{id}: the signed token for the pickup QR code and the short code, saved
 * on the device too: the counter is where the network is worst.
 */
export const getOrderQr = (orderNumber: string, orderId: string) =>
  withOfflineCopy(`qr:${orderNumber.toUpperCase()}`, () =>
    api.get<OrderQr>(`order/qr_code/${encodeURIComponent(orderId)}`),
  );

export const orderQrQueryOptions = (orderNumber: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.qr(orderNumber),
    queryFn: () => getOrderQr(orderNumber, orderId),
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
  });
