// "I paid but my order still says Not Paid" must not happen: verification decides value, the
// amounts must match, and a gateway that fails or times out only delays the order being Paid.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAYSTACK_TIMEOUT_MS } from '../../src/server/integrations/paystack/client';
import {
  emulatorRefunds,
  emulatorTransaction,
  flushEmulatorWebhooks,
  setEmulatorFailure,
  setEmulatorWebhooks,
} from '../../src/server/integrations/paystack/emulator';
import { orders } from '../../src/server/modules/order/tables';
import { reconcilePayments, startReconciliation } from '../../src/server/modules/payment/reconcile';
import { paymentErrors, payments } from '../../src/server/modules/payment/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { initiate, payInCheckout, placeOrder, postWebhook, readOrder, readPayment, verify } from './payment-support';

let app: FastifyInstance;
let client: Session;

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08010000002');
});
afterEach(() => {
  setEmulatorFailure(app, null);
  setEmulatorWebhooks(app, true);
  app.paystack.timeoutMs = DEFAULT_PAYSTACK_TIMEOUT_MS;
});
afterAll(async () => {
  await app.close();
});

const errorsOf = (reference: string) =>
  app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, reference));

/** A webhook claiming success for a checkout, as a forger holding the key (or a confused gateway) would send. */
function claimSuccess(reference: string, amount: number) {
  return postWebhook(app, {
    event: 'charge.success',
    data: { reference, amount, currency: 'NGN', status: 'success', channel: 'card', gateway_response: 'Successful' },
  });
}

describe('verification decides', () => {
  it('keeps the order Not Paid when Paystack answers failed, even if a webhook claims success', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode, 'failed');
    const res = await claimSuccess(checkout.ref, order.total);
    expect(res.statusCode).toBe(200);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    expect((await readPayment(app, checkout.ref)).status).toBe('failed');
    const view = await verify(app, client, checkout.paymentNumber);
    expect(view).toMatchObject({ status: 'failed', valueGiven: false });
    const [record] = await errorsOf(checkout.ref);
    expect(record).toMatchObject({ type: 'CantVerifyOrderPayment', status: 'New' });
  });

  it('keeps the order Not Paid while Paystack answers abandoned, and the checkout stays payable', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode, 'abandoned');
    await claimSuccess(checkout.ref, order.total);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    expect(await verify(app, client, checkout.paymentNumber)).toMatchObject({ status: 'pending', valueGiven: false });
    // The holder comes back and pays the same checkout: the order is paid.
    await payInCheckout(app, checkout.accessCode, 'success');
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });
});

describe('amounts must match', () => {
  it('gives no value when Paystack reports another amount paid (PaidAmountNotMatch)', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode, 'success', { paidAmount: order.total - 100 });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    const payment = await readPayment(app, checkout.ref);
    expect(payment).toMatchObject({ status: 'processing', paidAmount: order.total - 100, valueGivenAt: null });
    const [record] = await errorsOf(checkout.ref);
    expect(record).toMatchObject({
      type: 'PaidAmountNotMatch',
      expectedAmount: order.total,
      paidAmount: order.total - 100,
    });
    // Redelivery and reconciliation never turn it into value.
    await claimSuccess(checkout.ref, order.total);
    await reconcilePayments(app, { force: true });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    expect(await verify(app, client, checkout.paymentNumber)).toMatchObject({
      status: 'processing',
      valueGiven: false,
    });
  });

  it("gives no value when the order's total no longer matches the payment (AmountNotMatch)", async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await app.db
      .update(orders)
      .set({ total: order.total + 5000 })
      .where(eq(orders.id, order.id));
    await payInCheckout(app, checkout.accessCode);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    expect((await readPayment(app, checkout.ref)).status).toBe('processing');
    const records = await app.db
      .select()
      .from(paymentErrors)
      .where(and(eq(paymentErrors.reference, checkout.ref), eq(paymentErrors.type, 'AmountNotMatch')));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ expectedAmount: order.total + 5000, paidAmount: order.total });
  });
});

describe('a failing gateway only delays', () => {
  it('keeps the payment pending when verification answers 500, and reconciliation completes it', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    setEmulatorFailure(app, { mode: 'error' });
    const txn = await payInCheckout(app, checkout.accessCode);
    expect(txn.status).toBe('success');
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    expect((await readPayment(app, checkout.ref)).status).toBe('pending');
    // The client's page polls meanwhile: it is told pending, not an error.
    expect(await verify(app, client, checkout.paymentNumber)).toMatchObject({ status: 'pending', valueGiven: false });
    const stillDown = await reconcilePayments(app, { force: true });
    expect(stillDown.unreachable).toBeGreaterThanOrEqual(1);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');

    setEmulatorFailure(app, null);
    const report = await reconcilePayments(app, { force: true });
    expect(report.success).toBeGreaterThanOrEqual(1);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
    expect((await readPayment(app, checkout.ref)).valueGivenAt).not.toBeNull();
  });

  it('keeps the payment pending when the gateway times out, and reconciliation completes it', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    app.paystack.timeoutMs = 300;
    setEmulatorWebhooks(app, false);
    await payInCheckout(app, checkout.accessCode);
    setEmulatorFailure(app, { mode: 'timeout', hangMs: 5_000 });
    const started = Date.now();
    expect(await verify(app, client, checkout.paymentNumber)).toMatchObject({ status: 'pending' });
    expect(Date.now() - started).toBeLessThan(3_000);
    await reconcilePayments(app, { force: true });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');

    setEmulatorFailure(app, null);
    await reconcilePayments(app, { force: true });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });

  it('answers 503 to a webhook it could not verify, so Paystack delivers it again', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    setEmulatorWebhooks(app, false);
    await payInCheckout(app, checkout.accessCode);
    setEmulatorWebhooks(app, true);
    setEmulatorFailure(app, { mode: 'error', times: 1 });
    const first = await claimSuccess(checkout.ref, order.total);
    expect(first.statusCode).toBe(503);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    const second = await claimSuccess(checkout.ref, order.total);
    expect(second.statusCode).toBe(200);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });

  it('refuses to start a checkout while the gateway is down, leaving no payable payment behind', async () => {
    const order = await placeOrder(app, client);
    setEmulatorFailure(app, { mode: 'error' });
    const res = await injectAs(app, client, {
      method: 'POST',
      url: '/api/payment/initiate/order',
      payload: { orderNumber: order.orderNumber },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ type: 'PaymentGatewayError' });
    const rows = await app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    setEmulatorFailure(app, null);
    const checkout = await initiate(app, client, order.orderNumber);
    await payInCheckout(app, checkout.accessCode);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });

  it('lets a lost webhook be made good by reconciliation alone', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    setEmulatorWebhooks(app, false);
    await payInCheckout(app, checkout.accessCode);
    await flushEmulatorWebhooks(app);
    expect(emulatorTransaction(app, checkout.ref)?.status).toBe('success');
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    await reconcilePayments(app, { force: true });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
    // A second round has nothing left to do for it.
    const again = await reconcilePayments(app, { force: true });
    const stillPending = await app.db
      .select()
      .from(payments)
      .where(and(eq(payments.reference, checkout.ref), eq(payments.status, 'pending')));
    expect(stillPending).toHaveLength(0);
    expect(again.success ?? 0).toBe(0);
  });

  it('backs off: a payment just checked is not due again, one never checked is', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    setEmulatorWebhooks(app, false);
    await payInCheckout(app, checkout.accessCode);
    setEmulatorFailure(app, { mode: 'error' });
    const first = await reconcilePayments(app);
    expect(first.checked).toBeGreaterThanOrEqual(1);
    const attempts = (await readPayment(app, checkout.ref)).checkAttempts;
    expect(attempts).toBe(1);
    await reconcilePayments(app);
    expect((await readPayment(app, checkout.ref)).checkAttempts).toBe(1);
    setEmulatorFailure(app, null);
    // Once its back-off has passed (here: a clock 10 minutes ahead), it is checked and completed.
    await reconcilePayments(app, { now: new Date(Date.now() + 10 * 60 * 1000) });
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });
});

describe('an order that can no longer take the money', () => {
  it('refunds the payment automatically when the order was cancelled meanwhile', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    await app.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
    await payInCheckout(app, checkout.accessCode);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Cancelled');
    expect(await readPayment(app, checkout.ref)).toMatchObject({
      status: 'reversed',
      valueGivenAt: null,
      refundAmount: order.total,
    });
    expect(emulatorRefunds(app, checkout.ref)).toMatchObject([{ amount: order.total }]);
    // Nothing left for staff to refund by hand.
    expect(await errorsOf(checkout.ref)).toEqual([]);
  });
});

describe('the reconciliation timer', () => {
  it('completes a paid order whose webhook was lost, on its own', async () => {
    const order = await placeOrder(app, client);
    const checkout = await initiate(app, client, order.orderNumber);
    setEmulatorWebhooks(app, false);
    await payInCheckout(app, checkout.accessCode);
    const stop = startReconciliation(app, { intervalMs: 100, startupDelayMs: 10 });
    try {
      await vi.waitFor(async () => expect((await readOrder(app, order.orderNumber)).status).toBe('Paid'), {
        timeout: 10_000,
        interval: 100,
      });
    } finally {
      stop();
    }
  });
});
