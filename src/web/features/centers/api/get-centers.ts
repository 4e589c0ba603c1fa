import { queryOptions } from '@tanstack/react-query';
import { getCenters } from './centers';
import { centerKeys } from './keys';

/**
 * The gas centers, for the screens that name or offer them (the checkout, an order, the shift,
 * the centers page). They change seldom, and each server instance keeps them for a minute.
 */
export const centersQueryOptions = () =>
  queryOptions({ queryKey: centerKeys.list(), queryFn: getCenters, staleTime: 60_000 });
