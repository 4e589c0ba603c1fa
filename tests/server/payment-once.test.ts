// An order is paid once: a wallet payment and a card payment of the same order, in any order or
// at the same moment, leave the client's money gone exactly once (or given back automatically).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutDetails, PaymentView } from '../../src/domain/schemas/payment';
import {
  completeEmulatorCheckout,
  emulatorRefunds,
  emulatorTransaction,
  flushEmulatorWebhooks,
  setEmulatorFailure,
  setEmulatorWebhooks,
  settleEmulatorRefunds,
} from '../../src/server/integrations/paystack/emulator';
import { type OrderRow, orderEvents, orders } from '../../src/server/modules/order/tables';
import { reconcilePayments } from '../../src/server/modules/payment/reconcile';
import { paymentErrors, payments } from '../../src/server/modules/payment/tables';
import { orderLedgerReference } from '../../src/server/modules/wallet/pay-order';
import { reconcileWallets } from '../../src/server/modules/wallet/reconcile';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { initiate, insertUnpaidOrder, postWebhook, readOrder, readPayment } from './payment-support';

let app: FastifyInstance;
let ada: Session;

const TOTAL = 150_000;
const TRIALS = 20;

const insertOrder = (clientId: string, total = TOTAL): Promise<OrderRow> => insertUnpaidOrder(app, clientId, total);

const payFromWallet = (orderNumber: string) =>
  injectAs(app, ada, { method: 'POST', url: '/api/payment/wallet', payload: { orderNumber } });

const verifyPage = (paymentNumber: string) =>
  injectAs(app, ada, { method: 'GET', url: `/api/payment/verify/${paymentNumber}` });

async function balance(): Promise<number> {
  const [row] = await app.db
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.clientId, ada.clientId));
  return row?.balance ?? 0;
}

/**
 * What left the client for an order, as the bank sees it: the wallet debits for it, plus every
 * card charge the gateway holds for its payments minus what the gateway refunded (or is refunding).
 */
async function moneyTakenFor(order: OrderRow) {
  const [debits] = await app.db
    .select({ total: sql<string>`coalesce(sum(${walletTransactions.amount}), 0)::text` })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.reference, orderLedgerReference(order.id)),
        eq(walletTransactions.type, 'Debit'),
        eq(walletTransactions.status, 'completed'),
      ),
    );
  const rows = await app.db.select().from(payments).where(eq(payments.orderId, order.id));
  let card = 0;
  let refunds = 0;
  for (const row of rows) {
    const txn = emulatorTransaction(app, row.reference);
    if (txn?.status === 'success' || txn?.status === 'reversed') card += txn.amount;
    const given = emulatorRefunds(app, row.reference).filter((r) => r.status !== 'failed');
    expect(given.length, `at most one refund for ${row.reference}`).toBeLessThanOrEqual(1);
    for (const r of given) refunds += r.amount;
  }
  return { wallet: Number(debits?.total ?? 0), card, refunds, net: Number(debits?.total ?? 0) + card - refunds };
}

async function paidEvents(orderId: string): Promise<number> {
  const rows = await app.db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'Paid')));
  return rows.length;
}

/** Every invariant of "paid once", checked for one order. */
async function expectPaidOnce(order: OrderRow, label: string) {
  const money = await moneyTakenFor(order);
  expect(money.net, `${label}: the client paid ${JSON.stringify(money)} for an order of ${order.total}`).toBe(
    order.total,
  );
  const after = await readOrder(app, order.orderNumber);
  expect(after.status, label).toBe('Paid');
  expect(await paidEvents(order.id), `${label}: one Paid step`).toBe(1);
  // Value went out once: either the wallet paid it, or exactly one card payment gave value.
  const valued = await app.db.select().from(payments).where(eq(payments.orderId, order.id));
  const cardValue = valued.filter((p) => p.valueGivenAt !== null).length;
  expect(cardValue + (money.wallet > 0 ? 1 : 0), `${label}: one payment gave value`).toBe(1);
  expect(after.paymentType, label).toBe(money.wallet > 0 ? 'Wallet' : 'Electronic');
  return money;
}

async function orderPaymentViews(orderNumber: string): Promise<PaymentView[]> {
  const res = await injectAs(app, ada, { method: 'GET', url: `/api/payment/order/${orderNumber}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentView[]>();
}

beforeAll(async () => {
  app = await buildTestApp();
  ada = await signInAs(app, '08031110001');
  const created = await injectAs(app, ada, {
    method: 'POST',
    url: '/api/wallet/create',
    payload: { firstname: 'Ada', lastname: 'Once', email: 'ada.once@example.com', consentGiven: true },
  });
  expect(created.statusCode, created.body).toBe(200);
  const funded = await injectAs(app, ada, {
    method: 'POST',
    url: '/api/wallet/simulate_transfer',
    payload: { accountNumber: created.json().virtualAccount.accountNumber, amount: 100 * TOTAL },
  });
  expect(funded.statusCode, funded.body).toBe(200);
});
afterAll(async () => {
  await app.close();
});

describe('wallet first, then the card succeeds late', () => {
  it('closes the open checkout, refunds the late card success automatically, and shows it to the client', async () => {
    const order = await insertOrder(ada.clientId);
    const checkout = await initiate(app, ada, order.orderNumber);
    const before = await balance();

    const wallet = await payFromWallet(order.orderNumber);
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(await balance()).toBe(before - TOTAL);
    const closed = await readPayment(app, checkout.ref);
    expect(closed).toMatchObject({ status: 'abandoned', refundState: null });
    expect(closed.closedAt).not.toBeNull();
    // The closed checkout is not handed out again.
    const pending = await injectAs(app, ada, { method: 'GET', url: `/api/payment/pending_url/${order.orderNumber}` });
    expect(pending.json()).toBeNull();

    // The holder still pays the checkout that was open in another tab: webhook → verify → refund.
    completeEmulatorCheckout(app, checkout.accessCode, 'success');
    await flushEmulatorWebhooks(app);
    const refunded = await readPayment(app, checkout.ref);
    expect(refunded).toMatchObject({ status: 'reversed', valueGivenAt: null, refundAmount: TOTAL });
    expect(['pending', 'processed']).toContain(refunded.refundState);
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(1);
    expect((await readOrder(app, order.orderNumber)).paymentType).toBe('Wallet');
    // No staff record asking someone to refund by hand: it is done.
    expect(await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, checkout.ref))).toHaveLength(0);

    // Paystack processes the refund and says so by webhook; the client sees it.
    settleEmulatorRefunds(app);
    await flushEmulatorWebhooks(app);
    expect(emulatorTransaction(app, checkout.ref)?.status).toBe('reversed');
    const [view] = (await orderPaymentViews(order.orderNumber)).filter((p) => p.reference === checkout.ref);
    expect(view).toMatchObject({
      status: 'reversed',
      valueGiven: false,
      refund: { status: 'processed', amount: TOTAL, refundedAt: expect.any(String) },
    });
    const page = await verifyPage(checkout.paymentNumber);
    expect(page.json()).toMatchObject({ status: 'reversed', refund: { status: 'processed' } });
    await expectPaidOnce(order, 'wallet then card');
    expect((await reconcileWallets(app.db)).differences).toEqual([]);
  });

  it('refunds once when the late success is delivered again and again (webhook, verify, reconciliation)', async () => {
    const order = await insertOrder(ada.clientId);
    const checkout = await initiate(app, ada, order.orderNumber);
    expect((await payFromWallet(order.orderNumber)).statusCode).toBe(200);
    completeEmulatorCheckout(app, checkout.accessCode, 'success');
    await flushEmulatorWebhooks(app);
    const txn = emulatorTransaction(app, checkout.ref);
    const body = { event: 'charge.success', data: { ...txn, accessCode: undefined, email: undefined } };
    // Redeliveries, some at the same moment, and the other two roads to the same step.
    const answers = await Promise.all([
      postWebhook(app, body),
      postWebhook(app, body),
      verifyPage(checkout.paymentNumber),
      reconcilePayments(app, { force: true }),
    ]);
    for (const a of answers.slice(0, 3)) expect((a as { statusCode: number }).statusCode).toBe(200);
    expect((await postWebhook(app, body)).statusCode).toBe(200);
    await flushEmulatorWebhooks(app);
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(1);
    // Even a refund decision left `due` (as after a crash) is asked once more only if Paystack
    // did not take it: Paystack's own refusal of a second full refund is recognised as done.
    settleEmulatorRefunds(app);
    await flushEmulatorWebhooks(app);
    await app.db
      .update(payments)
      .set({ refundState: 'due', refundRequestedAt: null })
      .where(eq(payments.reference, checkout.ref));
    expect((await reconcilePayments(app, { force: true })).refunds?.requested).toBe(1);
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(1);
    expect((await readPayment(app, checkout.ref)).refundState).toBe('processed');
    await expectPaidOnce(order, 'duplicated late webhook');
  });

  it('finds a late success whose webhook was lost, through reconciliation, and refunds it', async () => {
    const order = await insertOrder(ada.clientId);
    const checkout = await initiate(app, ada, order.orderNumber);
    expect((await payFromWallet(order.orderNumber)).statusCode).toBe(200);
    setEmulatorWebhooks(app, false);
    try {
      completeEmulatorCheckout(app, checkout.accessCode, 'success');
      const report = await reconcilePayments(app, { force: true });
      expect(report.refunded).toBeGreaterThanOrEqual(1);
    } finally {
      setEmulatorWebhooks(app, true);
    }
    expect((await readPayment(app, checkout.ref)).refundState).toBe('pending');
    // The refund.processed webhook is lost too: reconciliation asks Paystack about the refund.
    setEmulatorWebhooks(app, false);
    try {
      settleEmulatorRefunds(app);
      await reconcilePayments(app, { force: true });
    } finally {
      setEmulatorWebhooks(app, true);
    }
    expect((await readPayment(app, checkout.ref)).refundState).toBe('processed');
    await expectPaidOnce(order, 'lost webhook');
  });

  it('keeps the refund due while Paystack is down, and asks for it when it is back', async () => {
    const order = await insertOrder(ada.clientId);
    const checkout = await initiate(app, ada, order.orderNumber);
    expect((await payFromWallet(order.orderNumber)).statusCode).toBe(200);
    // The success is verified, then the refund call fails: the decision stays on record, `due`.
    setEmulatorFailure(app, { mode: 'error', path: '/refund' });
    try {
      completeEmulatorCheckout(app, checkout.accessCode, 'success');
      await flushEmulatorWebhooks(app);
      expect((await verifyPage(checkout.paymentNumber)).json()).toMatchObject({
        status: 'reversed',
        valueGiven: false,
      });
      expect((await reconcilePayments(app, { force: true })).refunds?.requested).toBe(1);
    } finally {
      setEmulatorFailure(app, null);
    }
    const due = await readPayment(app, checkout.ref);
    expect(due).toMatchObject({ status: 'reversed', refundState: 'due' });
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(0);
    const report = await reconcilePayments(app, { force: true });
    expect(report.refunds?.requested).toBeGreaterThanOrEqual(1);
    await flushEmulatorWebhooks(app);
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(1);
    expect(['pending', 'processed']).toContain((await readPayment(app, checkout.ref)).refundState);
    await expectPaidOnce(order, 'refund while Paystack was down');
  });
});

describe('card first, then the wallet', () => {
  it('refuses the wallet payment of an order the card already paid, without debiting', async () => {
    const order = await insertOrder(ada.clientId);
    const checkout = await initiate(app, ada, order.orderNumber);
    completeEmulatorCheckout(app, checkout.accessCode, 'success');
    await flushEmulatorWebhooks(app);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Paid');
    const before = await balance();
    const wallet = await payFromWallet(order.orderNumber);
    expect(wallet.statusCode).toBe(409);
    expect(wallet.json()).toMatchObject({ type: 'Conflict', message: 'This order is already paid' });
    expect(await balance()).toBe(before);
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(0);
    await expectPaidOnce(order, 'card then wallet');
  });
});

describe('card success and wallet payment at the same moment', () => {
  it(`charges the client once per order over ${TRIALS} trials, whichever wins`, async () => {
    const winners = { wallet: 0, card: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const order = await insertOrder(ada.clientId);
      const checkout: CheckoutDetails = await initiate(app, ada, order.orderNumber);
      const road = (['webhook', 'verify', 'reconcile'] as const)[trial % 3];
      if (road !== 'webhook') setEmulatorWebhooks(app, false);
      const card = async () => {
        completeEmulatorCheckout(app, checkout.accessCode, 'success');
        if (road === 'webhook') await flushEmulatorWebhooks(app);
        else if (road === 'verify') await verifyPage(checkout.paymentNumber);
        else await reconcilePayments(app, { force: true });
      };
      const wallet = async () => (await payFromWallet(order.orderNumber)).statusCode;
      let status: number;
      try {
        // Half the trials start the wallet first, half the card: both fired at once.
        [status] =
          trial % 2 === 0
            ? await Promise.all([wallet(), card()])
            : ((await Promise.all([card(), wallet()])).reverse() as [number]);
      } finally {
        setEmulatorWebhooks(app, true);
      }
      expect([200, 409], `trial ${trial}`).toContain(status);
      await flushEmulatorWebhooks(app);
      const money = await expectPaidOnce(order, `trial ${trial} (${road})`);
      if (money.wallet > 0) winners.wallet += 1;
      else winners.card += 1;
      if (status === 409) expect(money.wallet, `trial ${trial}: a refused wallet payment costs nothing`).toBe(0);
    }
    // Eventually every refund is processed; nothing changes the sums.
    settleEmulatorRefunds(app);
    await flushEmulatorWebhooks(app);
    await reconcilePayments(app, { force: true });
    const refunds = await app.db.select().from(payments).where(eq(payments.clientId, ada.clientId));
    for (const p of refunds.filter((r) => r.refundState !== null)) expect(p.refundState).toBe('processed');
    expect((await reconcileWallets(app.db)).differences).toEqual([]);
    expect(winners.wallet + winners.card).toBe(TRIALS);
    console.info(`paid-once race: the wallet won ${winners.wallet}, the card ${winners.card} of ${TRIALS} trials`);
  }, 120_000);
});

describe('an order closed before the card success', () => {
  it('refunds a card success for a cancelled order automatically', async () => {
    const order = await insertOrder(ada.clientId);
    const checkout = await initiate(app, ada, order.orderNumber);
    await app.db.update(orders).set({ status: 'Cancelled' }).where(eq(orders.id, order.id));
    completeEmulatorCheckout(app, checkout.accessCode, 'success');
    await flushEmulatorWebhooks(app);
    expect((await readOrder(app, order.orderNumber)).status).toBe('Cancelled');
    expect(await readPayment(app, checkout.ref)).toMatchObject({ status: 'reversed', refundAmount: TOTAL });
    expect(emulatorRefunds(app, checkout.ref)).toHaveLength(1);
  });
});
