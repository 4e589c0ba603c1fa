import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { startEarlyReads, takeEarlyRead } from './early-reads';

type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  // Whatever a test started and did not take is forgotten with time; take it now.
  takeEarlyRead('auth/cookie_auth', 0);
  for (const path of ['product', 'wallet/client', 'payment/usable', 'shift/active']) takeEarlyRead(path, 0);
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
      '/api/wallet/client',
      '/api/payment/usable',
    ]);
    expect(fetch.mock.calls[2]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'x-platform': 'web', accept: 'application/json' },
    });
  });

  it('starts the wallet on its screen and the shift on the staff home and shift screens only', () => {
    const fetch = vi.fn<Fetch>(async () => json({}));
    vi.stubGlobal('fetch', fetch);
    const reads = (pathname: string) => {
      fetch.mockClear();
      startEarlyReads(pathname);
      return fetch.mock.calls.map(([url]) => url).filter((url) => url !== '/api/auth/cookie_auth');
    };
    expect(reads('/wallet')).toEqual(['/api/wallet/client']);
    expect(reads('/dashboard')).toEqual(['/api/shift/active']);
    expect(reads('/dashboard/shift')).toEqual(['/api/shift/active']);
    expect(reads('/dashboard/sales')).toEqual([]);
    expect(reads('/order/history')).toEqual([]);
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
    // The sign-in check, the catalogue, the wallet and the saved card.
    expect(fetch).toHaveBeenCalledTimes(4);
    await expect(api.get('product')).resolves.toEqual({ products: ['early'] });
    expect(fetch).toHaveBeenCalledTimes(4);
    fetch.mockImplementation(async () => json({ products: ['fresh'] }));
    await expect(api.get('product')).resolves.toEqual({ products: ['fresh'] });
    expect(fetch).toHaveBeenCalledTimes(5);
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
