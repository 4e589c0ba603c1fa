import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { API_TIMEOUT_MS } from '../../../../domain/constants';
import { LeadRequestError, postLead } from './post-lead';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers, but fails as the browser's does once its signal aborts. */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof LeadRequestError)) throw new Error(`expected a LeadRequestError, got ${String(error)}`);
  return error;
}

describe('postLead', () => {
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('posts JSON with cookies, the web platform and the idempotency key, and resolves to the answer', async () => {
    fetchMock.mockResolvedValue(json(201, { id: 'l1' }));
    await expect(postLead('interest', { name: 'Ngozi' }, 'key-1')).resolves.toEqual({ id: 'l1' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/leads/interest');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"name":"Ngozi"}',
      headers: {
        'x-platform': 'web',
        accept: 'application/json',
        'content-type': 'application/json',
        'idempotency-key': 'key-1',
      },
    });
  });

  it('rejects with the server’s message', async () => {
    fetchMock.mockResolvedValue(json(409, { type: 'Conflict', status: 409, message: 'Already there' }));
    const error = await failure(postLead('application', {}, 'k'));
    expect(error).toMatchObject({ status: 409, serverMessage: 'Already there', isNetworkError: false });
  });

  it('has no server message when the body is not an error object', async () => {
    fetchMock.mockResolvedValue(new Response('<h1>oops</h1>', { status: 500 }));
    const error = await failure(postLead('application', {}, 'k'));
    expect(error).toMatchObject({ status: 500, serverMessage: undefined, isNetworkError: false });
  });

  it.each([502, 503, 504])('counts a %i from a gateway as a network error', async (status) => {
    fetchMock.mockResolvedValue(new Response('', { status }));
    expect((await failure(postLead('interest', {}, 'k'))).isNetworkError).toBe(true);
  });

  it('counts a failed fetch as a network error', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await failure(postLead('interest', {}, 'k'))).toMatchObject({ status: 0, isNetworkError: true });
  });

  it(`gives up after ${API_TIMEOUT_MS} ms`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hanging);
    const result = failure(postLead('interest', {}, 'k'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).isNetworkError).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no timer behind once answered', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(json(201, {}));
    await postLead('interest', {}, 'k');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the caller aborts', async () => {
    fetchMock.mockImplementation(hanging);
    const caller = new AbortController();
    const result = failure(postLead('interest', {}, 'k', caller.signal));
    caller.abort();
    expect((await result).status).toBe(0);
  });
});
