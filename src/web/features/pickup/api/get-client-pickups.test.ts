import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '../../../lib/local-db';
import { getClientPickups } from './get-client-pickups';

const list = {
  orders: [
    {
      orderId: '11111111-1111-4111-8111-111111111111',
      orderNumber: 'ARV-ABC123',
      pickupCode: 'K7M2Q9',
      qrToken: 'payload.mac',
    },
  ],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearLocalData();
});

describe('getClientPickups', () => {
  it('answers the copy saved on the device when the network is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(list), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    expect(await getClientPickups()).toEqual(list);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const offline = await getClientPickups();
    expect(offline.orders).toEqual(list.orders);
    expect(offline.savedAt).toEqual(expect.any(Number));
  });

  it('fails when offline with nothing saved', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(getClientPickups()).rejects.toMatchObject({ status: 0 });
  });
});
