// The Paystack webhook: trusted by its signature over the raw body, verified with Paystack
// before value, and giving value exactly once per reference.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../src/server/db/client';
import {
  emulatorTransaction,
  setEmulatorWebhooks,
  signPaystackBody,
  simulateTransfer,
} from '../../src/server/integrations/paystack/emulator';
import { orderEvents } from '../../src/server/modules/order/tables';
import type { DedicatedTransferEvent } from '../../src/server/modules/payment/service';
import { paymentErrors, paystackEvents } from '../../src/server/modules/payment/tables';
import { buildTestApp, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { initiate, payInCheckout, placeOrder, postWebhook, readOrder, readPayment } from './payment-support';

let app: FastifyInstance;
let client: Session;

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08010000002');
});
afterAll(async () => {
  await app.close();
});

/** A paid checkout whose webhook was lost, so the test delivers it itself. */
async function paidWithoutWebhook() {
  const order = await placeOrder(app, client);
  const checkout = await initiate(app, client, order.orderNumber);
  setEmulatorWebhooks(app, false);
  try {
    await payInCheckout(app, checkout.accessCode);
  } finally {
    setEmulatorWebhooks(app, true);
  }
  const txn = emulatorTransaction(app, checkout.ref);
  if (!txn) throw new Error('no transaction');
  const { accessCode: _a, email: _e, ...data } = txn;
  return { order, checkout, event: { event: 'charge.success', data } };
}

const paidEvents = async (orderId: string) =>
  (await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.status === 'Paid');

describe('webhook signature', () => {
  it('refuses a bad, missing or re-serialized signature with 401 and changes nothing', async () => {
    const { order, checkout, event } = await paidWithoutWebhook();
    const raw = JSON.stringify(event);
    const tampered = JSON.stringify({ ...event, data: { ...event.data, amount: 1 } });
    const cases = [
      postWebhook(app, raw, 'a'.repeat(128)),
      postWebhook(app, raw, 'not-hex'),
      app.inject({
        method: 'POST',
        url: '/api/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: raw,
      }),
      // Signed over one body, sent with another.
      postWebhook(app, tampered, signPaystackBody(raw, app.config.paystackSecretKey)),
      // Signed with the wrong key.
      postWebhook(app, raw, signPaystackBody(raw, 'sk_test_wrong')),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ type: 'UnAuthorized' });
    }
    expect((await readOrder(app, order.orderNumber)).status).toBe('Not Paid');
    expect((await readPayment(app, checkout.ref)).status).toBe('pending');
    const errors = await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, checkout.ref));
    expect(errors).toHaveLength(0);
  });

  it('accepts the same body when its signature is right (the raw bytes, whitespace included)', async () => {
    const { order, event } = await paidWithoutWebhook();
    const spaced = JSON.stringify(event, null, 2);
    const res = await postWebhook(app, spaced);
    expect(res.statusCode, res.body).toBe(200);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
  });
});

describe('exactly once', () => {
  it('gives value once when the same webhook arrives 3 times', async () => {
    const { order, checkout, event } = await paidWithoutWebhook();
    for (let i = 0; i < 3; i++) {
      const res = await postWebhook(app, event);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
    expect(await paidEvents(order.id)).toHaveLength(1);
    const payment = await readPayment(app, checkout.ref);
    expect(payment.valueGivenAt).not.toBeNull();
  });

  it('gives value once when 3 deliveries race', async () => {
    const { order, event } = await paidWithoutWebhook();
    const answers = await Promise.all([postWebhook(app, event), postWebhook(app, event), postWebhook(app, event)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await paidEvents(order.id)).toHaveLength(1);
  });

  it('records a webhook for an unknown reference and gives nothing', async () => {
    const res = await postWebhook(app, {
      event: 'charge.success',
      data: { reference: 'ARV_never_issued', amount: 500000, channel: 'card', status: 'success' },
    });
    expect(res.statusCode).toBe(200);
    const [record] = await app.db
      .select()
      .from(paymentErrors)
      .where(and(eq(paymentErrors.reference, 'ARV_never_issued'), eq(paymentErrors.type, 'NotFound')));
    expect(record).toMatchObject({ status: 'New', paidAmount: 500000, occurrences: 1 });
    await postWebhook(app, { event: 'charge.success', data: { reference: 'ARV_never_issued', channel: 'card' } });
    const [again] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, 'ARV_never_issued'));
    expect(again?.occurrences).toBe(2);
  });

  it('acknowledges other events without acting', async () => {
    const res = await postWebhook(app, { event: 'transfer.success', data: { reference: 'x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });
  });
});

describe('transfers into a dedicated account', () => {
  it('verifies the transfer and hands it to the registered handler once per reference', async () => {
    const received: DedicatedTransferEvent[] = [];
    // This app's handler only: the wallet's stays with every other app.
    app.paymentHandlers.dedicatedTransfer = async (_tx: DbOrTx, event) => {
      received.push(event);
    };
    const { reference, webhookStatus } = await simulateTransfer(app, { accountNumber: '9123456789', amount: 250000 });
    expect(webhookStatus).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      reference,
      amount: 250000,
      accountNumber: '9123456789',
      senderBank: 'Test Bank',
    });

    const txn = emulatorTransaction(app, reference);
    if (!txn) throw new Error('no transfer');
    const { accessCode: _a, email: _e, ...data } = txn;
    const again = await postWebhook(app, { event: 'charge.success', data });
    expect(again.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const stored = await app.db.select().from(paystackEvents).where(eq(paystackEvents.reference, reference));
    expect(stored).toHaveLength(1);

    // A transfer the gateway does not know is not credited.
    const forged = await postWebhook(app, {
      event: 'charge.success',
      data: { ...data, reference: 'TRF_forged', amount: 99999999 },
    });
    expect(forged.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    const [record] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, 'TRF_forged'));
    expect(record?.type).toBe('CantVerifyOrderPayment');
  });
});
