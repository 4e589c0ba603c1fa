import { queryOptions } from '@tanstack/react-query';
import type { PickupFindInput, PickupFindResponse, PickupLookupResponse } from '../../../../domain/schemas/pickup';
import { api } from '../../../lib/api-client';
import { pickupDeskKeys } from './keys';

/**
 * POST /api/pickup/find: the order a pickup code or QR code names; its owner is asked to confirm
 * in the same call when there is nothing to check first (`asked`).
 */
export const findOrder = (input: PickupFindInput, idempotencyKey: string) =>
  api.post<PickupFindResponse>(
    'pickup/find',
    'code' in input ? { code: input.code.trim().toUpperCase() } : { qr: input.qr.trim() },
    { idempotencyKey },
  );

/** GET /api/pickup/order/{id}: the desk's view of an order, refreshed. */
export const getDeskOrder = (orderId: string) => api.get<PickupLookupResponse>(`pickup/order/${orderId}`);

export const deskOrderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: pickupDeskKeys.order(orderId), queryFn: () => getDeskOrder(orderId) });
