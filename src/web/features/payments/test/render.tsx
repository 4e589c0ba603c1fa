import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';

export type FakeAnswer = { status: number; body: unknown };

/**
 * Stubs fetch: each call to /api/{path} takes the next answer queued for `METHOD path` (the last
 * one repeats). Unknown calls answer 404.
 */
export function fakeApi(routes: Record<string, FakeAnswer[]>) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined, headers: request.headers });
    const queue = routes[`${request.method} ${path}`];
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    const { status, body } = answer ?? { status: 404, body: { message: 'Not found', status: 404, type: 'NotFound' } };
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

/** Renders `element` at `routePath` (entered as `initialEntry`), with a stand-in for every other route. */
export function renderAt(element: ReactNode, routePath: string, initialEntry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <WhereAmI /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = createQueryClient();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

export const paymentView = (overrides: Record<string, unknown> = {}) => ({
  paymentNumber: 'PMT-ABCDEFGHJK',
  reference: 'ARV_ref',
  purpose: 'OrderPayment',
  gateway: 'Paystack',
  status: 'pending',
  step: 'Initialize',
  amount: 850000,
  paidAmount: null,
  orderNumber: 'ARV-7K2M9Q',
  channel: null,
  valueGiven: false,
  cardOffer: null,
  refund: null,
  paidAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});
