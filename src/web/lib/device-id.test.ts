import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { deviceId } from './device-id';

type Fetch = (url: URL | RequestInfo, init?: RequestInit) => Promise<Response>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the device id', () => {
  it('is kept in localStorage and sent with every change, not with reads', async () => {
    const id = deviceId();
    expect(id).toMatch(/^[\w-]{8,64}$/);
    expect(localStorage.getItem('arrive.device-id')).toBe(id);
    expect(deviceId()).toBe(id);

    const fetch = vi.fn<Fetch>(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    await api.post('shift/start', { openingFloat: 0 });
    await api.get('shift/active');
    const [postUrl, postInit] = fetch.mock.calls[0] ?? [];
    const [getUrl, getInit] = fetch.mock.calls[1] ?? [];
    if (!postUrl || !getUrl) throw new Error('no calls');
    expect(new Request(postUrl, postInit).headers.get('x-device-id')).toBe(id);
    expect(new Request(getUrl, getInit).headers.get('x-device-id')).toBeNull();
  });
});
