import type { AdminProduct, UpdateProductBody } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';

/** PUT /api/product/update/{id}: a product's name, description, picture or availability. */
export const updateProduct = (id: string, body: UpdateProductBody) =>
  api.put<AdminProduct>(`product/update/${id}`, body);
