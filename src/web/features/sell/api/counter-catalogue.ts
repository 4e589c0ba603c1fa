// The counter's catalogue read without the app's query code: the app's query
// (get-counter-catalogue.ts) and the counter's first view on a tablet holding no copy yet
// (app/first-views) read and save it the same way.
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { type Cached, withOfflineCopy } from '../../../lib/offline-copy';
import { counterCatalogueCacheKey, counterCatalogueOf } from './counter-catalogue-key';

/**
 * GET /api/product/?center={the shift's center} with a copy on the tablet, kept per center:
 * offline, the counter sells from its center's copy and says how old it is. `centerId` null: a
 * shift that names no center (from before there were centers), the server's default.
 */
export async function getCounterCatalogue(centerId: string | null): Promise<Cached<ProductList>> {
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
}
