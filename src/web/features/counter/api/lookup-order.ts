import { queryOptions } from '@tanstack/react-query';
import type { PickupLookupResponse } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';
import { counterKeys } from './keys';

/** GET /api/pickup/code/{code}: the order the client's pickup code names. */
export const lookupByCode = (code: string) =>
  api.get<PickupLookupResponse>(`pickup/code/${encodeURIComponent(code.trim().toUpperCase())}`);

/** GET /api/pickup/qrCode/{token}: the order the scanned QR code names. */
export const lookupByQr = (token: string) =>
  api.get<PickupLookupResponse>(`pickup/qrCode/${encodeURIComponent(token.trim())}`);

/** GET /api/pickup/order/{id}: the counter's view of an order, refreshed. */
export const getCounterOrder = (orderId: string) => api.get<PickupLookupResponse>(`pickup/order/${orderId}`);

export const counterOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: counterKeys.order(orderId), queryFn: () => getCounterOrder(orderId) });
