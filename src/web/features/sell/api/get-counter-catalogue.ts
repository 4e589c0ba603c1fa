import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { counterCatalogueCacheKey, counterCatalogueOf } from './counter-catalogue-key';
import { sellKeys } from './keys';

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
