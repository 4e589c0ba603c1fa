import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FirstReadsHandle, primeFirstReads } from './first-reads';

const handed = vi.hoisted(() => ({ current: null as { auth: unknown; at: number } | null }));
vi.mock('../features/auth/api/get-auth', () => ({
  authKeys: { session: () => ['auth'] },
  // As the app's: fresh for minutes, answered a moment later.
  authQueryOptions: () => ({
    queryKey: ['auth'],
    queryFn: () => new Promise((resolve) => setTimeout(() => resolve({ isLogin: true }), 50)),
    staleTime: 300_000,
  }),
  takeSignInFromFirstView: () => {
    const taken = handed.current;
    handed.current = null;
    return taken;
  },
}));

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

/** A client route whose screen reads `key`, answered after `ms`. */
const routesReading = (key: string, ms: number): RouteObject[] => [
  {
    path: '/shop',
    handle: {
      firstReads: (queryClient) => [
        queryClient.prefetchQuery({ queryKey: [key], queryFn: () => later(ms, 'catalogue') }),
      ],
    } satisfies FirstReadsHandle,
  },
  { path: '/about' },
];

afterEach(() => {
  vi.useRealTimers();
});

describe('primeFirstReads', () => {
  it('takes the sign-in a first view checked as the app’s own, before any read answers', async () => {
    const auth = { isLogin: true, clientId: 'c1' };
    handed.current = { auth, at: Date.now() };
    const queryClient = new QueryClient();
    await primeFirstReads(queryClient, routesReading('products', 2_000), { pathname: '/shop' }, 0);
    expect(queryClient.getQueryData(['auth'])).toEqual(auth);
    expect(handed.current, 'taken once').toBeNull();
    // Without one, nothing is there before the check answers.
    const another = new QueryClient();
    await primeFirstReads(another, routesReading('products', 2_000), { pathname: '/shop' }, 0);
    expect(another.getQueryData(['auth'])).toBeUndefined();
  });

  it("puts the first screen's reads and the sign-in check in the cache before the first drawing", async () => {
    const queryClient = new QueryClient();
    await primeFirstReads(queryClient, routesReading('products', 20), { pathname: '/shop' }, 1_000);
    expect(queryClient.getQueryData(['products'])).toBe('catalogue');
    expect(queryClient.getQueryData(['auth'])).toEqual({ isLogin: true });
  });

  it('waits no longer than its limit: a slow read goes on as the screen’s own query', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient();
    let done = false;
    const primed = primeFirstReads(queryClient, routesReading('products', 5_000), { pathname: '/shop' }, 500).then(
      () => {
        done = true;
      },
    );
    await vi.advanceTimersByTimeAsync(499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await primed;
    expect(done).toBe(true);
    expect(queryClient.getQueryData(['products'])).toBeUndefined();
    expect(queryClient.getQueryState(['products'])?.fetchStatus).toBe('fetching');
    await vi.advanceTimersByTimeAsync(4_500);
    expect(queryClient.getQueryData(['products'])).toBe('catalogue');
  });

  it("hands a screen its address's parameters (an order's page reads that order)", async () => {
    const queryClient = new QueryClient();
    const routes: RouteObject[] = [
      {
        path: '/order/:orderNumber',
        handle: {
          firstReads: (client, { orderNumber }) => [
            client.prefetchQuery({ queryKey: ['order', orderNumber], queryFn: () => later(5, `order ${orderNumber}`) }),
          ],
        } satisfies FirstReadsHandle,
      },
    ];
    await primeFirstReads(queryClient, routes, { pathname: '/order/AR-1042' }, 1_000);
    expect(queryClient.getQueryData(['order', 'AR-1042'])).toBe('order AR-1042');
  });

  it('asks for nothing on a screen that names no first reads', async () => {
    const queryClient = new QueryClient();
    await primeFirstReads(queryClient, routesReading('products', 20), { pathname: '/about' }, 1_000);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
