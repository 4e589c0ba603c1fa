import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import { authKeys, authQueryOptions, takeSignInFromFirstView } from '../features/auth/api/get-auth';

/**
 * A screen's route `handle` may name its first reads: the queries its first drawing needs, the
 * ones the app shell already asked the server for (lib/early-reads.ts).
 */
export type FirstReadsHandle = {
  firstReads?: (queryClient: QueryClient, params: Params) => Promise<unknown>[];
};

/** How long the first drawing waits for those reads: the shell's skeleton is on screen meanwhile. */
export const FIRST_READS_WAIT_MS = 500;

/**
 * Puts the first screen's reads, and the sign-in check, in the cache before the app's first
 * drawing, for at most `waitMs`. Their answers have usually arrived by the time the app's code
 * has (the shell asked for them first), but a query only takes its answer once it runs: without
 * this the screen drew a loader first and its content one drawing later, on a cheap phone a few
 * hundred milliseconds later. Reads still out after `waitMs` go on as the screen's own queries.
 */
export async function primeFirstReads(
  queryClient: QueryClient,
  routes: RouteObject[],
  location: { pathname: string },
  waitMs = FIRST_READS_WAIT_MS,
): Promise<void> {
  // A first view that had the page checked the sign-in already: the app's first drawing takes it
  // as its own answer (fresh for the query's staleTime) instead of drawing signed out meanwhile.
  const handed = takeSignInFromFirstView();
  if (handed) queryClient.setQueryData(authKeys.session(), handed.auth, { updatedAt: handed.at });
  const matches = matchRoutes(routes, location) ?? [];
  const reads = matches.flatMap(
    ({ route, params }) => (route.handle as FirstReadsHandle | undefined)?.firstReads?.(queryClient, params) ?? [],
  );
  if (reads.length === 0) return;
  reads.push(queryClient.prefetchQuery(authQueryOptions()));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([Promise.allSettled(reads), timeout]);
  clearTimeout(timer);
}
