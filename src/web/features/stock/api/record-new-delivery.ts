import type { NewDeliveryBody, Supply } from '../../../../domain/schemas/supply';
import { api } from '../../../lib/api-client';

/** POST /api/supply/new_delivery: a delivery that arrived without an earlier request. */
export const recordNewDelivery = (body: NewDeliveryBody, idempotencyKey: string) =>
  api.post<Supply>('supply/new_delivery', body, { idempotencyKey });
