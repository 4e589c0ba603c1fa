// The catalogue's read without the app's query cache: the app's shop (get-products.ts) and the
// shop's script-light first view (features/orders/light) read and save it the same way.
import type { ProductList } from '../../../../domain/schemas/product';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';

export const CATALOGUE_CACHE_KEY = 'catalogue';

/** GET /api/product: the catalogue with prices (kobo) and what is left, saved for offline viewing. */
export const getProducts = () => withOfflineCopy(CATALOGUE_CACHE_KEY, () => api.get<ProductList>('product'));
