import { queryOptions } from '@tanstack/react-query';
import type { ProductList } from '../../../../domain/schemas/product';
import { readOfflineCopy } from '../../../lib/offline-copy';
import { CATALOGUE_CACHE_KEY, getProducts } from './catalogue';
import { catalogueKeys } from './keys';

export { CATALOGUE_CACHE_KEY, getProducts };

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.products(),
    queryFn: getProducts,
    // Prices move during the day: the shelves read again when the shop is looked at again after
    // 30 s (a 304 when nothing changed).
    refetchOnWindowFocus: true,
    // Run offline too: the fetcher answers the copy saved on the device, with its age.
    networkMode: 'always',
  });

/**
 * The catalogue saved on this device the last time it was loaded (null when there is none), shown
 * while the network answers: a repeat visit opens the shop at once, and its prices are replaced as
 * soon as the catalogue arrives. Orders are priced by the server (the quote, then the order).
 */
export const savedProductsQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.saved(),
    queryFn: () => readOfflineCopy<ProductList>(CATALOGUE_CACHE_KEY),
    networkMode: 'always',
    staleTime: 0,
  });
