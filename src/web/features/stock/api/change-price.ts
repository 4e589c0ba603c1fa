import type { AdminProduct, PriceChangeBody } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';

/** PUT /api/product/price/{id}: a new price for orders placed from now on. */
export const changePrice = (id: string, body: PriceChangeBody, idempotencyKey: string) =>
  api.put<AdminProduct>(`product/price/${id}`, body, { idempotencyKey });
