import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';

export type FakeRoute = { status: number; body: unknown };

/**
 * Stubs fetch: each call to /api/{path} takes the next answer queued for `METHOD path`.
 * Answers the visitor's cookie check with 401 unless told otherwise.
 */
export function fakeApi(routes: Record<string, FakeRoute[]>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const queue = routes[`${request.method} ${path}`];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    const { status, body } = answer ?? {
      status: 401,
      body: { message: 'Please sign in', status: 401, type: 'UnAuthorized' },
    };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

function WhereAmI() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </output>
  );
}

/** Renders `element` at `path` inside the app's providers, with a stand-in for every other route. */
export function renderRoute(
  element: ReactNode,
  {
    path = '/',
    initialEntry,
    routePath,
  }: { path?: string; initialEntry?: { pathname: string; state?: unknown }; routePath?: string } = {},
) {
  const router = createMemoryRouter(
    [
      { path: routePath ?? path, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [initialEntry ?? { pathname: path }] },
  );
  const queryClient = createQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}
