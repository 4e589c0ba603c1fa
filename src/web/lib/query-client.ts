import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Client errors (4xx) are answers, not glitches: they are never retried. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Whether a query shows a copy saved on the device (./offline-copy), or a list with a page of one. */
export function showsSavedCopy(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  if ((data as { fromCache?: unknown }).fromCache === true) return true;
  const pages = (data as { pages?: unknown }).pages;
  return Array.isArray(pages) && pages.some((page) => showsSavedCopy(page));
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A screen showing the copy saved on the device says it will refresh once back online: it
        // does, however recently that copy was read (it was fresh for 30 s, so a phone back online
        // within that kept saying "You are offline").
        refetchOnReconnect: (query) => (showsSavedCopy(query.state.data) ? 'always' : true),
      },
      // An action sent offline fails at once with "No connection" and its screen says so: TanStack's
      // default would hold it and send it when the network returns, maybe long after the person
      // closed the dialog and meant it no longer (a price change, a cancellation). Screens that
      // do queue offline (walk-in sales, the shift) keep their own queue.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * A query's first answer is on its way: nothing to show yet, and something is coming. A query
 * paused offline is not: a screen waiting for it would wait for the network.
 */
export const isFirstReadUnderWay = (query: { isPending: boolean; fetchStatus: string }): boolean =>
  query.isPending && query.fetchStatus === 'fetching';
