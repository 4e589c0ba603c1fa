import type { AdminProduct, NewProductBody } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';

/** POST /api/product/new: a product added to the catalogue. */
export const createProduct = (body: NewProductBody, idempotencyKey: string) =>
  api.post<AdminProduct>('product/new', body, { idempotencyKey });
