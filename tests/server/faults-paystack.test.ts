// Paystack (the sandbox emulator, through the payments area's failure-injection hook) answering
// 500 and then timing out while many clients pay at once: no value is given while the gateway
// cannot confirm, the app stays healthy, and reconciliation completes every payment exactly once.
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import {
  completeEmulatorCheckout,
  flushEmulatorWebhooks,
  setEmulatorFailure,
} from '../../src/server/integrations/paystack/emulator';
import { orders } from '../../src/server/modules/order/tables';
import { reconcilePayments } from '../../src/server/modules/payment/reconcile';
import { payments } from '../../src/server/modules/payment/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  setEmulatorFailure(app, null);
  await app?.close();
});

type Checkout = { session: Session; orderNumber: string; paymentNumber: string; accessCode: string; ref: string };

async function checkoutFor(session: Session, productId: string): Promise<Checkout> {
  const placed = await injectAs(app, session, {
    method: 'POST',
    url: '/api/order/new',
    payload: { type: 'Product', items: [{ productId, quantity: 1 }], deliveryOption: 'PickerUP' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { orderNumber } = placed.json<{ orderNumber: string }>();
  const initiated = await injectAs(app, session, {
    method: 'POST',
    url: '/api/payment/initiate/order',
    payload: { orderNumber },
  });
  expect(initiated.statusCode, initiated.body).toBe(200);
  const { paymentNumber, accessCode, ref } = initiated.json<{
    paymentNumber: string;
    accessCode: string;
    ref: string;
  }>();
  return { session, orderNumber, paymentNumber, accessCode, ref };
}

async function verifyAll(checkouts: Checkout[]) {
  return Promise.all(
    checkouts.map(async (c) => {
      const res = await injectAs(app, c.session, { method: 'GET', url: `/api/payment/verify/${c.paymentNumber}` });
      if (res.statusCode >= 400) {
        expect(isErrorObject(res.json()), res.body).toBe(true);
        expect(res.statusCode).not.toBe(500);
        return 'error';
      }
      return res.json<{ status: string; valueGiven?: boolean }>().valueGiven
        ? 'value'
        : res.json<{ status: string }>().status;
    }),
  );
}

async function orderStatuses(checkouts: Checkout[]) {
  const rows = await app.db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(
      inArray(
        orders.orderNumber,
        checkouts.map((c) => c.orderNumber),
      ),
    );
  return rows.map((r) => r.status);
}

describe('Paystack failing under load', () => {
  it('gives no value while it fails or hangs, and reconciliation completes every payment once', async () => {
    const products = (await app.inject({ method: 'GET', url: '/api/product/' })).json<{
      products: { id: string; type: string }[];
    }>().products;
    const burner = products.find((p) => p.type === 'Burner');
    if (!burner) throw new Error('the seeded catalogue has no burner');

    const sessions = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signInAs(app, `0807000${String(i).padStart(4, '0')}`)),
    );
    const checkouts: Checkout[] = [];
    for (const session of sessions) {
      for (let k = 0; k < 2; k++) checkouts.push(await checkoutFor(session, burner.id));
    }

    // Paystack answers 500 to every call: the card holders pay, the webhooks cannot be verified.
    setEmulatorFailure(app, { mode: 'error' });
    for (const c of checkouts) expect(completeEmulatorCheckout(app, c.accessCode, 'success')?.status).toBe('success');
    await flushEmulatorWebhooks(app);
    const whileFailing = await verifyAll(checkouts);
    expect(
      whileFailing.filter((s) => s === 'value'),
      'no value given while Paystack answers 500',
    ).toEqual([]);
    expect(new Set(await orderStatuses(checkouts))).toEqual(new Set(['Not Paid']));
    const health = await app.inject({ method: 'GET', url: '/api/app/health' });
    expect(health.statusCode, 'a failing gateway does not make the app unhealthy').toBe(200);
    const duringFailure = await reconcilePayments(app, { force: true });
    expect(duringFailure.success ?? 0).toBe(0);

    // Then it hangs: each verification gives up at the client's timeout, still without value.
    const paystack = app.paystack;
    const timeoutBefore = paystack.timeoutMs;
    paystack.timeoutMs = 300;
    try {
      setEmulatorFailure(app, { mode: 'timeout', hangMs: 5_000 });
      const started = Date.now();
      const whileHanging = await verifyAll(checkouts);
      expect(Date.now() - started, 'timeouts are bounded').toBeLessThan(8_000);
      expect(whileHanging.filter((s) => s === 'value')).toEqual([]);
      await reconcilePayments(app, { force: true });
      expect(new Set(await orderStatuses(checkouts))).toEqual(new Set(['Not Paid']));
    } finally {
      setEmulatorFailure(app, null);
      paystack.timeoutMs = timeoutBefore;
    }

    // Paystack is back: reconciliation alone completes every payment; running it again and the
    // clients' own polling change nothing more.
    for (let round = 0; round < 3; round++) {
      const report = await reconcilePayments(app, { force: true });
      if (report.checked === 0) break;
    }
    await verifyAll(checkouts);
    await reconcilePayments(app, { force: true });
    expect(await orderStatuses(checkouts)).toEqual(checkouts.map(() => 'Paid'));
    const paid = await app.db
      .select({ reference: payments.reference, valueGivenAt: payments.valueGivenAt, orderId: payments.orderId })
      .from(payments)
      .where(
        inArray(
          payments.reference,
          checkouts.map((c) => c.ref),
        ),
      );
    expect(paid).toHaveLength(checkouts.length);
    expect(paid.every((p) => p.valueGivenAt !== null)).toBe(true);
    const orderIds = paid.map((p) => p.orderId).filter((id): id is string => id !== null);
    const valued = await app.db
      .select({ orderId: payments.orderId, valueGivenAt: payments.valueGivenAt })
      .from(payments)
      .where(inArray(payments.orderId, orderIds));
    expect(
      valued.filter((p) => p.valueGivenAt !== null),
      'value given exactly once per order',
    ).toHaveLength(checkouts.length);
    for (const c of checkouts) {
      const [row] = await app.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderNumber, c.orderNumber));
      expect(row?.status).toBe('Paid');
    }
  }, 120_000);
});
