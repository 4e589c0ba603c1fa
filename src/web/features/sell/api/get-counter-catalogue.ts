import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { sellKeys } from './keys';

/**
 * Where the tablet keeps the catalogue and prices it last saw at a gas center (the staff table:
 * cleared on logout). One copy per center: a tablet offline at Ikeja sells from Ikeja's prices and
 * stock, and a tablet whose shift moved to Lekki never sells from the copy Ikeja left. The key
 * without a center is the copy kept before there were centers, read only for a shift that names
 * none (its center is not known, so no center's screen shows it).
 */
export const COUNTER_CATALOGUE_CACHE_KEY = 'counter-catalogue';
export const counterCatalogueCacheKey = (centerId: string | null) =>
  centerId ? `${COUNTER_CATALOGUE_CACHE_KEY}:${centerId}` : COUNTER_CATALOGUE_CACHE_KEY;

/**
 * The catalogue as the tablet keeps it: the products and the catalogue version of their prices,
 * which a sale made offline names (the server prices it from that version). A copy saved before
 * the version was kept is the list alone: no version, so the tablet does not sell offline from it.
 */
export const counterCatalogueOf = (saved: unknown): ProductList =>
  Array.isArray(saved) ? { products: saved as ProductList['products'] } : (saved as ProductList);

/**
 * GET /api/product/?center={the shift's center} with a copy on the tablet, kept per center:
 * offline, the counter sells from its center's copy and says how old it is. `centerId` null: a
 * shift that names no center (from before there were centers), the server's default.
 */
export const counterCatalogueQueryOptions = (centerId: string | null) =>
  queryOptions({
    queryKey: sellKeys.catalogue(centerId),
    queryFn: async () => {
      const copy = await withOfflineCopy(
        counterCatalogueCacheKey(centerId),
        async () => {
          const { products, priceVersion } = await api.get<ProductList>(
            'product',
            centerId ? { searchParams: { center: centerId } } : undefined,
          );
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
