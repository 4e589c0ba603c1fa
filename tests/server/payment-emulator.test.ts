// The sandbox Paystack follows Paystack's documented API, so the one client works against either.
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { isGatewayRefusal } from '../../src/server/integrations/paystack/client';
import {
  flushEmulatorWebhooks,
  isValidPaystackSignature,
  signPaystackBody,
} from '../../src/server/integrations/paystack/emulator';
import { buildTestApp, injectAs, signInAs } from '../../src/server/test-utils/test-app';
import { placeOrder } from './payment-support';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const refusedWith = async (promise: Promise<unknown>) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('the Paystack emulator', () => {
  it('initializes, refuses a duplicate reference, verifies, and wants the secret key', async () => {
    const paystack = app.paystack;
    const data = await paystack.initializeTransaction({ email: 'a@b.ng', amount: 150000, reference: 'ref-dup-1' });
    expect(data).toMatchObject({ reference: 'ref-dup-1' });
    expect(data.authorization_url).toBe(`${app.config.publicUrl}/sandbox/checkout/${data.access_code}`);

    const dup = await refusedWith(
      paystack.initializeTransaction({ email: 'a@b.ng', amount: 150000, reference: 'ref-dup-1' }),
    );
    expect(dup).toMatchObject({ type: 'PaymentGatewayError', message: 'Duplicate Transaction Reference' });
    expect(isGatewayRefusal(dup)).toBe(true);
    const badAmount = await refusedWith(paystack.initializeTransaction({ email: 'a@b.ng', amount: 0, reference: 'x' }));
    expect(badAmount.message).toBe('Invalid Amount Sent');

    expect(await paystack.verifyTransaction('ref-dup-1')).toMatchObject({
      status: 'abandoned',
      amount: 150000,
      currency: 'NGN',
    });
    const unknown = await refusedWith(paystack.verifyTransaction('never-made'));
    expect(unknown.message).toBe('Transaction reference not found');

    const noKey = await app.inject({ method: 'GET', url: '/sandbox/paystack/transaction/verify/ref-dup-1' });
    expect(noKey.statusCode).toBe(401);
    expect(noKey.json()).toEqual({ status: false, message: 'Invalid key' });
  });

  it('creates customers and assigns dedicated accounts at Wema Bank or Test Bank, once each', async () => {
    const paystack = app.paystack;
    const customer = await paystack.createCustomer({ email: 'ada@arrive.ng', first_name: 'Ada', last_name: 'Okafor' });
    expect(customer.customer_code).toMatch(/^CUS_/);
    expect((await paystack.createCustomer({ email: 'ada@arrive.ng' })).customer_code).toBe(customer.customer_code);

    const account = await paystack.createDedicatedAccount({ customer: customer.customer_code });
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(account.bank.name).toBe('Wema Bank');
    expect(account.account_name).toBe('ARRIVE/ADA OKAFOR');
    const again = await paystack.createDedicatedAccount({ customer: customer.customer_code });
    expect(again.account_number).toBe(account.account_number);
    await flushEmulatorWebhooks(app);

    const other = await paystack.createCustomer({ email: 'bola@arrive.ng' });
    const testBank = await paystack.createDedicatedAccount({
      customer: other.customer_code,
      preferred_bank: 'test-bank',
    });
    expect(testBank.bank.name).toBe('Test Bank');
    expect(testBank.account_number).not.toBe(account.account_number);

    const missing = await refusedWith(paystack.createDedicatedAccount({ customer: 'CUS_nobody' }));
    expect(missing.message).toBe('Customer not found');
  });

  it('refuses charge_authorization with an unknown authorization code', async () => {
    const err = await refusedWith(
      app.paystack.chargeAuthorization({
        email: 'a@b.ng',
        amount: 1000,
        authorization_code: 'AUTH_fake',
        reference: 'ref-charge-1',
      }),
    );
    expect(err.message).toBe('Invalid authorization code');
  });

  it('fails on request through the sandbox control call, for the number of calls asked', async () => {
    const client = await signInAs(app, '08010000002');
    const order = await placeOrder(app, client);
    const control = await app.inject({
      method: 'POST',
      url: '/sandbox/paystack-control/failure',
      payload: { mode: 'error', times: 1 },
    });
    expect(control.statusCode).toBe(200);
    const initiate = () =>
      injectAs(app, client, {
        method: 'POST',
        url: '/api/payment/initiate/order',
        payload: { orderNumber: order.orderNumber },
      });
    expect((await initiate()).statusCode).toBe(502);
    expect((await initiate()).statusCode).toBe(200);
  });

  it('signs webhooks as Paystack does: hex HMAC-SHA512 of the body under the secret key', () => {
    const body = '{"event":"charge.success","data":{}}';
    const signature = signPaystackBody(body, 'sk_test_key');
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(signature).toBe(createHmac('sha512', 'sk_test_key').update(body, 'utf8').digest('hex'));
    expect(isValidPaystackSignature(body, signature, 'sk_test_key')).toBe(true);
    expect(isValidPaystackSignature(body, signature.toUpperCase(), 'sk_test_key')).toBe(true);
    expect(isValidPaystackSignature(body, signature, 'sk_test_other')).toBe(false);
    expect(signPaystackBody(`${body} `, 'sk_test_key')).not.toBe(signature);
  });
});
