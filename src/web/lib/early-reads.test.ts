import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { startEarlyReads, takeEarlyRead } from './early-reads';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  // Whatever a test started and did not take is forgotten with time; take it now.
  takeEarlyRead('auth/cookie_auth', 0);
  takeEarlyRead('product', 0);
  vi.unstubAllGlobals();
});

describe('early reads', () => {
  it("starts the sign-in check on every app screen and the catalogue on the shop, with the api client's headers", () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/order/history');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/cookie_auth']);
    startEarlyReads('/products');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/cookie_auth',
      '/api/auth/cookie_auth',
      '/api/product',
    ]);
    expect(fetch.mock.calls[2]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'x-platform': 'web', accept: 'application/json' },
    });
  });

  it('hands an answer out once, and not at all once it is old', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ ok: 1 })),
    );
    startEarlyReads('/products', 1_000);
    const first = takeEarlyRead('product', 2_000);
    expect(await (await first)?.json()).toEqual({ ok: 1 });
    expect(takeEarlyRead('product', 2_000)).toBeUndefined();
    expect(takeEarlyRead('auth/cookie_auth', 1_000 + 10_001)).toBeUndefined();
  });

  it('lets the api client use the early answer instead of asking again, and ask afresh the next time', async () => {
    const fetch = vi.fn<Fetch>(async () => json({ products: ['early'] }));
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/products');
    expect(fetch).toHaveBeenCalledTimes(2);
    await expect(api.get('product')).resolves.toEqual({ products: ['early'] });
    expect(fetch).toHaveBeenCalledTimes(2);
    fetch.mockImplementation(async () => json({ products: ['fresh'] }));
    await expect(api.get('product')).resolves.toEqual({ products: ['fresh'] });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('asks again when the early request found no network', async () => {
    const fetch = vi.fn<Fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    startEarlyReads('/order/history');
    fetch.mockImplementation(async () => json({ auth: { isLogin: false } }));
    await expect(api.get('auth/cookie_auth')).resolves.toEqual({ auth: { isLogin: false } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
