import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';

export type FakeAnswer = { status: number; body: unknown };
export type FakeCall = { method: string; path: string; body: unknown; headers: Headers };

/** Stubs fetch: each call to /api/{path} takes the next answer queued for `METHOD path` (the last one repeats). */
export function fakeApi(routes: Record<string, FakeAnswer[]>) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname.replace(/^\/api\//, '');
      const text = await request.text();
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined, headers: request.headers });
      const queue = routes[`${request.method} ${path}`];
      const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
      const { status, body } = answer ?? { status: 404, body: { message: 'Not found', status: 404, type: 'NotFound' } };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
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

/** Renders `element` at /wallet inside the app's providers, with a stand-in for every other route. */
export function renderAtWallet(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/wallet', element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: ['/wallet'] },
  );
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}
