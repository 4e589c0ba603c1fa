import { queryOptions } from '@tanstack/react-query';
import type {
  AdminProduct,
  NewProductBody,
  PriceChangeBody,
  PriceHistoryEntry,
  UpdateProductBody,
} from '../../../../domain/schemas/sales';
import type { UploadResponse } from '../../../../domain/schemas/upload';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.products(),
    queryFn: () => api.get<AdminProduct[]>('product/all'),
    retry: false,
  });

export const priceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.priceHistory(id),
    queryFn: () => api.get<PriceHistoryEntry[]>(`product/price_history/${id}`),
    retry: false,
  });

export const changePrice = (id: string, body: PriceChangeBody, idempotencyKey: string) =>
  api.put<AdminProduct>(`product/price/${id}`, body, { idempotencyKey });

export const createProduct = (body: NewProductBody, idempotencyKey: string) =>
  api.post<AdminProduct>('product/new', body, { idempotencyKey });

export const updateProduct = (id: string, body: UpdateProductBody) =>
  api.put<AdminProduct>(`product/update/${id}`, body);

/** A product picture (multipart); the server checks the bytes are an image and at most 2 MB. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadResponse>('upload/file', undefined, { body: form });
}
