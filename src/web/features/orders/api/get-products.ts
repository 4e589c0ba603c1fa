import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { catalogueKeys } from './keys';

export const CATALOGUE_CACHE_KEY = 'catalogue';

/** GET /api/product: the catalogue with prices (kobo) and what is left, saved for offline viewing. */
export const getProducts = () => withOfflineCopy(CATALOGUE_CACHE_KEY, () => api.get<ProductList>('product'));

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.products(),
    queryFn: getProducts,
    // Run offline too: the fetcher answers the copy saved on the device, with its age.
    networkMode: 'always',
  });
