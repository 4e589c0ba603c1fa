// The shared services (Paystack client, SMS, maps, pickup channel, payment handlers) are one per
// app: every module of an app reaches the same one, and two apps in one process share nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';

const services = ['paystack', 'sms', 'maps', 'pickupChannel', 'paymentHandlers'] as const;

let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  a = await buildTestApp();
  b = await buildTestApp();
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('shared services', () => {
  it('are decorations of each app, never shared between two apps', () => {
    for (const name of services) {
      expect(a[name], name).toBeDefined();
      expect(a[name], name).not.toBe(b[name]);
    }
    expect(a.paymentHandlers.succeeded).not.toBe(b.paymentHandlers.succeeded);
  });

  it('name a handler for card top-ups, order payments and transfers into virtual accounts', () => {
    expect(Object.keys(a.paymentHandlers.succeeded).sort()).toEqual(['FundWallet', 'OrderPayment']);
    expect(a.paymentHandlers.dedicatedTransfer).toBeTypeOf('function');
  });

  it('keep a handler swapped on one app to that app', () => {
    const wallets = b.paymentHandlers.dedicatedTransfer;
    a.paymentHandlers.dedicatedTransfer = async () => {};
    expect(b.paymentHandlers.dedicatedTransfer).toBe(wallets);
  });

  it('keep the codes one app texts in its own outbox', async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: webHeaders,
      payload: { phoneNumber: '08043100001' },
    });
    expect(res.statusCode).toBe(200);
    expect(a.sms.outbox.list('08043100001')).toHaveLength(1);
    expect(b.sms.outbox.list('08043100001')).toHaveLength(0);
    const outbox = await b.inject({ method: 'GET', url: '/api/dev/outbox?to=08043100001' });
    expect(outbox.json()).toEqual({ messages: [] });
  });
});
