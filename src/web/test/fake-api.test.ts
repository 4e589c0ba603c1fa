import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../lib/api-client';
import { fakeApi } from './fake-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const problem = { status: 409 as const, body: { message: 'Already paid', status: 409, type: 'Conflict' as const } };

describe('fakeApi', () => {
  it('answers a literal path before a parameter, and passes the parameters and the body', async () => {
    const { calls } = fakeApi({
      'GET order/client': { status: 200, body: { orders: [], pageSize: 10, nextCursor: null } },
      'GET order/:orderNumber': ({ params }) => ({
        status: 404,
        body: { message: `No order ${params.orderNumber}`, status: 404, type: 'NotFound' },
      }),
      'POST payment/initiate/order': problem,
    });
    expect(await api.get('order/client')).toMatchObject({ nextCursor: null });
    await expect(api.get('order/ARV-7K2M9Q')).rejects.toMatchObject({ status: 404, message: 'No order ARV-7K2M9Q' });
    await expect(
      api.post('payment/initiate/order', { orderNumber: 'ARV-1' }, { idempotencyKey: 'k1' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET order/client',
      'GET order/ARV-7K2M9Q',
      'POST payment/initiate/order',
    ]);
    expect(calls[2]?.body).toEqual({ orderNumber: 'ARV-1' });
    expect(calls[2]?.headers.get('idempotency-key')).toBe('k1');
  });

  it('takes queued answers in turn and repeats the last', async () => {
    fakeApi({ 'GET app/data': [problem, { status: 503, body: { ...problem.body, status: 503, type: 'Unknown' } }] });
    await expect(api.get('app/data')).rejects.toMatchObject({ status: 409 });
    await expect(api.get('app/data')).rejects.toMatchObject({ status: 503 });
    await expect(api.get('app/data')).rejects.toMatchObject({ status: 503 });
  });

  it('answers a visitor to the cookie check, 404 to the unknown, and can take the network away', async () => {
    fakeApi({});
    await expect(api.get('auth/cookie_auth')).rejects.toMatchObject({ status: 401 });
    await expect(api.get('wallet/client')).rejects.toMatchObject({ status: 404 });
    fakeApi({}, { otherwise: { offline: true } });
    await expect(api.get('wallet/client')).rejects.toMatchObject({ status: 0, isNetworkError: true });
  });
});
