import { queryOptions } from '@tanstack/react-query';
import { getCounterCatalogue } from './counter-catalogue';
import { sellKeys } from './keys';

/** The catalogue of the shift's center (./counter-catalogue.ts), as the counter's query. */
export const counterCatalogueQueryOptions = (centerId: string | null) =>
  queryOptions({
    queryKey: sellKeys.catalogue(centerId),
    queryFn: () => getCounterCatalogue(centerId),
    retry: false,
    networkMode: 'always',
    // Other tablets sell from the same stock: read again every minute, and when the tablet is
    // looked at again.
    refetchInterval: 60_000,
    refetchOnWindowFocus: 'always',
  });
