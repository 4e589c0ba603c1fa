import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { sellKeys } from './keys';

/** Where the tablet keeps the catalogue and prices it last saw (the staff table: cleared on logout). */
export const COUNTER_CATALOGUE_CACHE_KEY = 'counter-catalogue';

/** GET /api/product with a copy on the tablet: offline, the counter sells from the copy and says how old it is. */
export const counterCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: sellKeys.catalogue(),
    queryFn: () =>
      withOfflineCopy(COUNTER_CATALOGUE_CACHE_KEY, async () => (await api.get<ProductList>('product')).products, {
        table: 'shift',
      }),
    retry: false,
    networkMode: 'always',
    // Other tablets sell from the same stock: read again every minute, and when the tablet is
    // looked at again.
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
  });
