import type { NewSupplyBody, Supply } from '../../../../domain/schemas/supply';
import { api } from '../../../lib/api-client';

/** POST /api/supply/new: gas asked of a supplier. */
export const createSupply = (body: NewSupplyBody, idempotencyKey: string) =>
  api.post<Supply>('supply/new', body, { idempotencyKey });
