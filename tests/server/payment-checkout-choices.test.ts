// What the checkout needs from payments: the reason a card was declined (checkout and saved
// card, both produced by the sandbox emulator), one payment reference per payment, and a card
// offered for saving only to a client who keeps none.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../src/domain/schemas/order';
import type { PaymentView } from '../../src/domain/schemas/payment';
import { DECLINE_REASONS } from '../../src/server/integrations/paystack/emulator';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { initiate, payInCheckout, placeOrder, readOrder, verify } from './payment-support';

let app: FastifyInstance;
let client: Session;

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08010000077');
});
afterAll(async () => {
  await app.close();
});

const sendPayment = (session: Session, orderNumber: string) =>
  injectAs(app, session, { method: 'POST', url: '/api/payment/paystack/send_payment', payload: { orderNumber } });

const orderView = async (session: Session, orderNumber: string) => {
  const res = await injectAs(app, session, { method: 'GET', url: `/api/order/${orderNumber}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Order>();
};

describe('a declined card says why', () => {
  it('the sandbox checkout declines with the reason chosen, and the payment carries it', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    const page = await app.inject({ method: 'GET', url: `/sandbox/checkout/${checkout.accessCode}` });
    for (const reason of DECLINE_REASONS) expect(page.body).toContain(`<option value="${reason}">`);

    const fail = await app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${checkout.accessCode}/fail`,
      payload: { reason: 'Insufficient Funds' },
    });
    expect(fail.json()).toMatchObject({ data: { status: 'failed', message: 'Insufficient Funds' } });
    const view = await verify(app, client, checkout.paymentNumber);
    expect(view).toMatchObject({ status: 'failed', declineReason: 'Insufficient Funds', valueGiven: false });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
  });

  it('a Fail without a reason is a plain decline; a success has no decline reason', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode, 'failed');
    expect((await verify(app, client, checkout.paymentNumber)).declineReason).toBe('Declined');
    const retry = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, retry.accessCode);
    expect((await verify(app, client, retry.paymentNumber)).declineReason).toBeNull();
  });

  it('a saved-card charge declines with the reason Paystack gives, charges nothing, and the next try pays', async () => {
    const first = await placeOrder(app, client);
    const checkout = await initiate(app, client, first.orderNumber);
    await payInCheckout(app, checkout.accessCode);
    await injectAs(app, client, {
      method: 'PUT',
      url: '/api/payment/save_usable',
      payload: { paymentNumber: checkout.paymentNumber },
    });

    const bad = await app.inject({
      method: 'POST',
      url: '/sandbox/paystack-control/decline',
      payload: { reason: 'Not a reason' },
    });
    expect(bad.statusCode).toBe(400);
    const control = await app.inject({
      method: 'POST',
      url: '/sandbox/paystack-control/decline',
      payload: { reason: 'Do Not Honor' },
    });
    expect(control.statusCode, control.body).toBe(200);

    const order = await placeOrder(app, client);
    const declined = await sendPayment(client, order.orderNumber);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<PaymentView>()).toMatchObject({
      status: 'failed',
      declineReason: 'Do Not Honor',
      valueGiven: false,
      paidAt: null,
    });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');

    // The decline was for one charge only: tapping again pays.
    const paid = await sendPayment(client, order.orderNumber);
    expect(paid.json<PaymentView>()).toMatchObject({ status: 'success', valueGiven: true, declineReason: null });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });
});

describe('one reference for one payment', () => {
  it('a card-paid order shows the payment number of the payment that paid it', async () => {
    const other = await signInAs(app, '08010000078');
    const order = await placeOrder(app, other);
    const before = await orderView(other, order.orderNumber);
    expect(before.paymentNumber).toMatch(/^PAY-/);
    const failed = await initiate(app, other, order.orderNumber);
    await payInCheckout(app, failed.accessCode, 'failed');
    const checkout = await initiate(app, other, order.orderNumber);
    await payInCheckout(app, checkout.accessCode);

    const after = await orderView(other, order.orderNumber);
    expect(checkout.paymentNumber).toMatch(/^PMT-/);
    expect(after.paymentNumber).toBe(checkout.paymentNumber);
    expect((await verify(app, other, checkout.paymentNumber)).paymentNumber).toBe(after.paymentNumber);
    // The order is found by that number too (GET /order/payment_number/{n}).
    const byNumber = await injectAs(app, other, {
      method: 'GET',
      url: `/api/order/payment_number/${checkout.paymentNumber}`,
    });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json<Order>().orderNumber).toBe(order.orderNumber);
  });

  it('a saved-card payment is the order payment number too', async () => {
    const order = await placeOrder(app, client);
    const res = await sendPayment(client, order.orderNumber);
    const payment = res.json<PaymentView>();
    expect(payment.status).toBe('success');
    expect((await orderView(client, order.orderNumber)).paymentNumber).toBe(payment.paymentNumber);
  });
});

describe('saving a card is asked once', () => {
  it('a client who keeps a card is not offered the next card', async () => {
    const keeper = await signInAs(app, '08010000079');
    const first = await placeOrder(app, keeper);
    const checkout = await initiate(app, keeper, first.orderNumber);
    await payInCheckout(app, checkout.accessCode);
    expect((await verify(app, keeper, checkout.paymentNumber)).cardOffer).not.toBeNull();
    await injectAs(app, keeper, {
      method: 'PUT',
      url: '/api/payment/save_usable',
      payload: { paymentNumber: checkout.paymentNumber },
    });

    // Another card through the checkout (the emulator gives each checkout a new authorization).
    const second = await placeOrder(app, keeper);
    const next = await initiate(app, keeper, second.orderNumber);
    await payInCheckout(app, next.accessCode);
    expect((await verify(app, keeper, next.paymentNumber)).cardOffer).toBeNull();
    // And paying with the saved card never asks either.
    const third = await placeOrder(app, keeper);
    expect((await sendPayment(keeper, third.orderNumber)).json<PaymentView>().cardOffer).toBeNull();
  });
});
