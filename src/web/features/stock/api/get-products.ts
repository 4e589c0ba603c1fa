import { queryOptions } from '@tanstack/react-query';
import type { AdminProduct } from '../../../../domain/schemas/sales';
import { api } from '../../../lib/api-client';
import { stockKeys } from './keys';

/** GET /api/product/all: the whole catalogue, with prices, as staff see it. */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: stockKeys.products(),
    queryFn: () => api.get<AdminProduct[]>('product/all'),
    retry: false,
  });
