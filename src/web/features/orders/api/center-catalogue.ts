import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { catalogueKeys } from './keys';

/**
 * GET /api/product/?center={id}: the catalogue at one gas center, with what is left there: the
 * checkout says, per center, whether it has the cart's items. Not saved for offline use: offline
 * the checkout simply says nothing of stock.
 */
export const centerCatalogueQueryOptions = (centerId: string) =>
  queryOptions({
    queryKey: catalogueKeys.atCenter(centerId),
    queryFn: () => api.get<ProductList>('product', { searchParams: { center: centerId } }),
    staleTime: 30_000,
    retry: false,
  });
