import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { sellKeys } from './keys';

/** Where the tablet keeps the catalogue and prices it last saw (the staff table: cleared on logout). */
export const COUNTER_CATALOGUE_CACHE_KEY = 'counter-catalogue';

/**
 * The catalogue as the tablet keeps it: the products and the catalogue version of their prices,
 * which a sale made offline names (the server prices it from that version). A copy saved before
 * the version was kept is the list alone: no version, so the tablet does not sell offline from it.
 */
export const counterCatalogueOf = (saved: unknown): ProductList =>
  Array.isArray(saved) ? { products: saved as ProductList['products'] } : (saved as ProductList);

/** GET /api/product with a copy on the tablet: offline, the counter sells from the copy and says how old it is. */
export const counterCatalogueQueryOptions = () =>
  queryOptions({
    queryKey: sellKeys.catalogue(),
    queryFn: async () => {
      const copy = await withOfflineCopy(
        COUNTER_CATALOGUE_CACHE_KEY,
        async () => {
          const { products, priceVersion } = await api.get<ProductList>('product');
          return { products, priceVersion };
        },
        { table: 'shift' },
      );
      return { ...copy, data: counterCatalogueOf(copy.data) };
    },
    retry: false,
    networkMode: 'always',
    // Other tablets sell from the same stock: read again every minute, and when the tablet is
    // looked at again.
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
  });
