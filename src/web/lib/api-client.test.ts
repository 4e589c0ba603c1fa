import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS } from '../../domain/constants';
import { ErrorType } from '../../domain/errors';
import { ApiError, api } from './api-client';

type Fetch = (url: URL | RequestInfo, init?: RequestInit) => Promise<Response>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the api client handed to fetch, as one Request. */
const sent = (fetch: ReturnType<typeof vi.fn<Fetch>>, call = 0) => {
  const [input, init] = fetch.mock.calls[call] ?? [];
  if (!input) throw new Error(`no call ${call}`);
  return new Request(input, init);
};

/** A fetch that answers only when its signal aborts it, as a server that never replies. */
const never: Fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends cookies, the platform and JSON headers, the idempotency key and only the parameters that have a value', async () => {
    const fetch = vi.fn<Fetch>(async () => json({ done: true }));
    vi.stubGlobal('fetch', fetch);
    await expect(api.post('order/new', { items: [1] }, { idempotencyKey: 'k-1' })).resolves.toEqual({ done: true });
    await api.get('/api/order/client', { searchParams: { pageSize: 10, cursor: undefined, status: 'Paid' } });

    const post = sent(fetch, 0);
    expect(post.method).toBe('POST');
    expect(new URL(post.url).pathname).toBe('/api/order/new');
    expect(post.credentials).toBe('include');
    expect(post.headers.get('x-platform')).toBe('web');
    expect(post.headers.get('accept')).toBe('application/json');
    expect(post.headers.get('content-type')).toBe('application/json');
    expect(post.headers.get('idempotency-key')).toBe('k-1');
    expect(await post.json()).toEqual({ items: [1] });

    const get = sent(fetch, 1);
    expect(get.method).toBe('GET');
    const url = new URL(get.url);
    expect(url.pathname).toBe('/api/order/client');
    expect([...url.searchParams]).toEqual([
      ['pageSize', '10'],
      ['status', 'Paid'],
    ]);
    expect(get.headers.get('content-type')).toBeNull();
  });

  it('sends a form as it is, with the extra headers a caller names', async () => {
    const fetch = vi.fn<Fetch>(async () => json({ url: '/uploads/a.png' }));
    vi.stubGlobal('fetch', fetch);
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    await api.post('upload/file', undefined, { body: form, headers: { 'x-acting-client': 'c-1' } });
    const request = sent(fetch);
    expect(request.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('x-acting-client')).toBe('c-1');
    expect(request.headers.get('x-platform')).toBe('web');
  });

  it("rejects with the server's error object", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<Fetch>(async () => json({ type: ErrorType.NotFound, status: 404, message: 'Order not found' }, 404)),
    );
    const error = await api.get('order/AR-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, type: ErrorType.NotFound, message: 'Order not found' });
    expect((error as ApiError).isNetworkError).toBe(false);
  });

  it('says there is no connection when fetch fails, and that the server took too long when no answer comes in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<Fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await api.get('product').catch((e: unknown) => e);
    expect(offline).toMatchObject({ status: 0, message: 'No connection: check your network' });
    expect((offline as ApiError).isNetworkError).toBe(true);

    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn<Fetch>(never));
    const late = api.get('product').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void late.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toMatchObject({ status: 0, message: 'The server took too long to answer' });
  });

  it("aborts with the caller's signal", async () => {
    vi.stubGlobal('fetch', vi.fn<Fetch>(never));
    const controller = new AbortController();
    const asked = api.get('product', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await asked).toMatchObject({ status: 0, message: 'No connection: check your network' });
  });

  it('refreshes an expired session once and asks again', async () => {
    let refreshed = false;
    const fetch = vi.fn<Fetch>(async (input, init) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/api/auth/refresh_token')) {
        refreshed = true;
        return json({});
      }
      return refreshed
        ? json({ balance: 5 })
        : json({ type: ErrorType.TokenExpired, status: 401, message: 'Session expired' }, 401);
    });
    vi.stubGlobal('fetch', fetch);
    const [first, second] = await Promise.all([api.get('wallet/client'), api.get('wallet/client')]);
    expect(first).toEqual({ balance: 5 });
    expect(second).toEqual({ balance: 5 });
    const paths = fetch.mock.calls.map((_, i) => new URL(sent(fetch, i).url).pathname);
    expect(paths.filter((p) => p === '/api/auth/refresh_token')).toHaveLength(1);
    expect(paths.filter((p) => p === '/api/wallet/client')).toHaveLength(4);
  });
});
