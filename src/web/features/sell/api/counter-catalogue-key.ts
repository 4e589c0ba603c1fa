// Where the counter's catalogue is kept on the tablet: apart from its read (./counter-catalogue.ts),
// so the counter's first view (../light) reads the copy without the app's query code.
import type { ProductList } from '../../../../domain/schemas/product';

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
