import type { Supply, SupplyDeliveryBody } from '../../../../domain/schemas/supply';
import { api } from '../../../lib/api-client';

/** POST /api/supply/delivery: a supply marked delivered or paid. */
export const updateSupply = (body: SupplyDeliveryBody, idempotencyKey: string) =>
  api.post<Supply>('supply/delivery', body, { idempotencyKey });
