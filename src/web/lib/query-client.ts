import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches: they are never retried. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * A query's first answer is on its way: nothing to show yet, and something is coming. A query
 * paused offline is not: a screen waiting for it would wait for the network.
 */
export const isFirstReadUnderWay = (query: { isPending: boolean; fetchStatus: string }): boolean =>
  query.isPending && query.fetchStatus === 'fetching';
