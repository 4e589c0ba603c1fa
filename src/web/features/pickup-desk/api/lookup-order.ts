import { queryOptions } from '@tanstack/react-query';
import type { PickupLookupResponse } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';
import { pickupDeskKeys } from './keys';

/** GET /api/pickup/code/{code}: the order the client's pickup code names. */
export const lookupByCode = (code: string) =>
  api.get<PickupLookupResponse>(`pickup/code/${encodeURIComponent(code.trim().toUpperCase())}`);

/** GET /api/pickup/qrCode/{token}: the order the scanned QR code names. */
export const lookupByQr = (token: string) =>
  api.get<PickupLookupResponse>(`pickup/qrCode/${encodeURIComponent(token.trim())}`);

/** GET /api/pickup/order/{id}: the desk's view of an order, refreshed. */
export const getDeskOrder = (orderId: string) => api.get<PickupLookupResponse>(`pickup/order/${orderId}`);

export const deskOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: pickupDeskKeys.order(orderId), queryFn: () => getDeskOrder(orderId) });
