// The card payment of an order end to end through the sandbox Paystack: initiate, pay, webhook,
// verification, saved card, and the client-scoped reads.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutDetails, OrderPaymentState, PaymentList, PaymentView } from '../../src/domain/schemas/payment';
import { emulatorTransaction, setEmulatorWebhooks } from '../../src/server/integrations/paystack/emulator';
import { orderEvents } from '../../src/server/modules/order/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { initiate, payInCheckout, placeOrder, readOrder, readPayment, verify } from './payment-support';

let app: FastifyInstance;
let client: Session;
let other: Session;

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08010000002');
  other = await signInAs(app, '08031112222');
});
afterAll(async () => {
  await app.close();
});

describe('paying an order by card', () => {
  it('initiates, pays in the checkout, and the webhook marks the order Paid once', async () => {
    const order = await placeOrder(app, client);
    expect(order.status).toBe('Not Paid');
    const checkout = await initiate(app, client, order.orderNumber);
    expect(checkout).toMatchObject({ orderNumber: order.orderNumber, purpose: 'OrderPayment' });
    expect(checkout.accessCode).not.toBe('');
    expect(checkout.authorizationUrl).toContain(`/sandbox/checkout/${checkout.accessCode}`);
    expect(emulatorTransaction(app, checkout.ref)?.amount).toBe(order.total);
    const page = await app.inject({ method: 'GET', url: `/sandbox/checkout/${checkout.accessCode}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.body).toContain('>Pay</button>');
    const inline = await app.inject({
      method: 'GET',
      url: `/sandbox/paystack/transaction/verify_access_code/${checkout.accessCode}`,
    });
    expect(inline.json()).toMatchObject({ status: true, data: { amount: order.total, currency: 'NGN' } });
    // The API itself wants the secret key.
    const noKey = await app.inject({ method: 'GET', url: `/sandbox/paystack/transaction/verify/${checkout.ref}` });
    expect(noKey.statusCode).toBe(401);

    const pending = await verify(app, client, checkout.paymentNumber);
    expect(pending).toMatchObject({ status: 'pending', valueGiven: false });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');

    await payInCheckout(app, checkout.accessCode);
    const paid = await readOrder(app, order.orderNumber);
    expect(paid).toMatchObject({ status: 'Paid', paymentStatus: 'success', paymentType: 'Electronic' });
    expect(paid.paidAt).not.toBeNull();
    const events = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.filter((e) => e.status === 'Paid')).toHaveLength(1);

    const done = await verify(app, client, checkout.paymentNumber);
    expect(done).toMatchObject({
      status: 'success',
      valueGiven: true,
      paidAmount: order.total,
      orderNumber: order.orderNumber,
      step: 'AllDDbUpdated',
    });
    expect(done.cardOffer).toMatchObject({ last4: '4081', bin: '408408' });
  });

  it('hands out the same pending checkout again and refuses a paid order', async () => {
    const order = await placeOrder(app, client);
    const first = await initiate(app, client, order.orderNumber);
    const second = await initiate(app, client, order.orderNumber);
    expect(second).toEqual(first);
    // A retried request with its Idempotency-Key answers the first response.
    const keyed = () =>
      injectAs(app, client, {
        method: 'POST',
        url: '/api/payment/initiate/order',
        headers: { 'idempotency-key': `k-${order.orderNumber}` },
        payload: { orderNumber: order.orderNumber },
      });
    const a = await keyed();
    const b = await keyed();
    expect(b.json<CheckoutDetails>()).toEqual(a.json<CheckoutDetails>());
    expect(b.headers['idempotent-replayed']).toBe('true');

    await payInCheckout(app, first.accessCode);
    const again = await injectAs(app, client, {
      method: 'POST',
      url: '/api/payment/initiate/order',
      payload: { orderNumber: order.orderNumber },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'Conflict' });
  });

  it("answers 404 for another client's order and payment, and 400 for bad input", async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    const theirs = await injectAs(app, other, {
      method: 'POST',
      url: '/api/payment/initiate/order',
      payload: { orderNumber: order.orderNumber },
    });
    expect(theirs.statusCode).toBe(404);
    for (const url of [
      `/api/payment/verify/${checkout.paymentNumber}`,
      `/api/payment/number/${checkout.paymentNumber}`,
      `/api/payment/order/${order.orderNumber}`,
      `/api/payment/pending_url/${order.orderNumber}`,
      `/api/payment/confirm_payment/${order.orderNumber}`,
    ]) {
      const res = await injectAs(app, other, { method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ type: 'NotFound' });
    }
    const bad = await injectAs(app, client, { method: 'POST', url: '/api/payment/initiate/order', payload: {} });
    expect(bad.statusCode).toBe(400);
    const visitor = await injectAs(app, null, { method: 'GET', url: '/api/payment/' });
    expect(visitor.statusCode).toBe(401);
  });

  it('lists payments, answers the pending checkout and the order state', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    const pendingUrl = await injectAs(app, client, {
      method: 'GET',
      url: `/api/payment/pending_url/${order.orderNumber}`,
    });
    expect(pendingUrl.json<CheckoutDetails>()).toMatchObject({ ref: checkout.ref, accessCode: checkout.accessCode });

    const list = await injectAs(app, client, { method: 'GET', url: '/api/payment/?limit=100' });
    const page = list.json<PaymentList>();
    expect(page.items.map((p) => p.paymentNumber)).toContain(checkout.paymentNumber);
    expect(page.items.every((p) => p.reference.startsWith('ARV_'))).toBe(true);
    const otherList = await injectAs(app, other, { method: 'GET', url: '/api/payment/' });
    expect(otherList.json<PaymentList>().items.map((p) => p.paymentNumber)).not.toContain(checkout.paymentNumber);

    // The webhook is lost: confirm_payment verifies with Paystack and completes the order.
    setEmulatorWebhooks(app, false);
    try {
      await payInCheckout(app, checkout.accessCode);
    } finally {
      setEmulatorWebhooks(app, true);
    }
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    const confirm = await injectAs(app, client, {
      method: 'GET',
      url: `/api/payment/confirm_payment/${order.orderNumber}`,
    });
    expect(confirm.json<OrderPaymentState>()).toMatchObject({
      orderStatus: 'Paid',
      paid: true,
      paymentStatus: 'success',
    });
    const none = await injectAs(app, client, { method: 'GET', url: `/api/payment/pending_url/${order.orderNumber}` });
    expect(none.json()).toBeNull();
  });
});

describe('saved cards', () => {
  it('saves the offered card and pays the next order with it (charge_authorization)', async () => {
    const first = await placeOrder(app, client);
    const checkout = await initiate(app, client, first.orderNumber);
    await payInCheckout(app, checkout.accessCode);
    const before = await injectAs(app, client, { method: 'GET', url: '/api/payment/usable' });
    expect(before.json()).toEqual({ card: null });

    const save = await injectAs(app, client, {
      method: 'PUT',
      url: '/api/payment/save_usable',
      payload: { paymentNumber: checkout.paymentNumber },
    });
    expect(save.json()).toMatchObject({ saved: true, card: { last4: '4081', expireMonth: '12', expireYear: '2030' } });
    const usable = await injectAs(app, client, { method: 'GET', url: '/api/payment/usable' });
    expect(usable.json()).toEqual({ card: { bin: '408408', last4: '4081', expireMonth: '12', expireYear: '2030' } });
    expect(JSON.stringify(usable.json())).not.toContain('AUTH_');
    expect((await verify(app, client, checkout.paymentNumber)).cardOffer).toBeNull();

    const second = await placeOrder(app, client);
    const res = await injectAs(app, client, {
      method: 'POST',
      url: '/api/payment/paystack/send_payment',
      payload: { orderNumber: second.orderNumber },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentView>()).toMatchObject({ status: 'success', valueGiven: true, amount: second.total });
    expect((await readOrder(app, second.orderNumber)).status).toBe('Paid');
  });

  it('discards an offer, and a client without a card cannot send_payment', async () => {
    const order = await placeOrder(app, other);
    const checkout = await initiate(app, other, order.orderNumber);
    await payInCheckout(app, checkout.accessCode);
    const discard = await injectAs(app, other, {
      method: 'PUT',
      url: '/api/payment/discard_redish',
      payload: { paymentNumber: checkout.paymentNumber },
    });
    expect(discard.json()).toEqual({ discarded: true });
    const save = await injectAs(app, other, {
      method: 'PUT',
      url: '/api/payment/save_usable',
      payload: { paymentNumber: checkout.paymentNumber },
    });
    expect(save.json()).toMatchObject({ saved: false, card: null });
    const next = await placeOrder(app, other);
    const res = await injectAs(app, other, {
      method: 'POST',
      url: '/api/payment/paystack/send_payment',
      payload: { orderNumber: next.orderNumber },
    });
    expect(res.statusCode).toBe(404);
    expect((await readOrder(app, next.orderNumber)).status).toBe('Not Paid');
    // The payment row of the discarded offer is untouched otherwise.
    expect((await readPayment(app, checkout.ref)).status).toBe('success');
  });
});

describe('retrying a payment', () => {
  it('opens a new checkout after a declined card, and the new one pays the order', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode, 'failed');
    expect((await verify(app, client, checkout.paymentNumber)).status).toBe('failed');
    const retry = await injectAs(app, client, {
      method: 'POST',
      url: '/api/payment/paystack/retry_payment',
      payload: { paymentNumber: checkout.paymentNumber },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const next = retry.json<CheckoutDetails>();
    expect(next.ref).not.toBe(checkout.ref);
    await payInCheckout(app, next.accessCode);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });
});

describe('documentation', () => {
  it('publishes the payment routes in the OpenAPI document', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const path of [
      '/api/payment/initiate/order',
      '/api/payment/verify/{id}',
      '/api/payment/webhook',
      '/api/payment/errors/{id}',
      '/api/payment/paystack/send_payment',
      '/api/payment/confirm_payment/{id}',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
