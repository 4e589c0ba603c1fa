import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeEmulatorCheckout, setEmulatorFailure } from '../../src/server/integrations/paystack/emulator';
import { outboxRowsFor } from '../../src/server/modules/notification/service';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { payments } from '../../src/server/modules/payment/tables';
import {
  orderLedgerReference,
  payOrderFromWallet,
  payOrderFromWalletIn,
} from '../../src/server/modules/wallet/pay-order';
import { reconcileWallets } from '../../src/server/modules/wallet/reconcile';
import { walletFundings, wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { insertUnpaidOrder } from './payment-support';
import { callBetweenLocks } from './support/lock-order';

let app: FastifyInstance;
let ada: Session;
let bola: Session;

const form = { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com', consentGiven: true };

const insertOrder = (clientId: string, total: number) => insertUnpaidOrder(app, clientId, total);

const post = (session: Session | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  injectAs(app, session, { method: 'POST', url, payload: payload as object, headers });
const get = (session: Session | null, url: string) => injectAs(app, session, { method: 'GET', url });

beforeAll(async () => {
  app = await buildTestApp({ countQueries: true });
  ada = await signInAs(app, '08030000001');
  bola = await signInAs(app, '08030000002');
});
afterAll(async () => {
  await app.close();
});

describe('wallet creation', () => {
  it('requires a signed-in client', async () => {
    expect((await post(null, '/api/wallet/create', form)).statusCode).toBe(401);
    expect((await get(null, '/api/wallet/details')).statusCode).toBe(401);
  });

  it('refuses a form without consent or a name, and creates nothing', async () => {
    for (const body of [
      { ...form, consentGiven: false },
      { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com' },
      { ...form, firstname: '  ' },
      { ...form, lastname: undefined },
      { ...form, email: 'not-an-email' },
    ]) {
      const res = await post(ada, '/api/wallet/create', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'InvalidInput', status: 400 });
    }
    expect(await app.db.select().from(wallets).where(eq(wallets.clientId, ada.clientId))).toHaveLength(0);
  });

  it('answers no wallet before one is created', async () => {
    expect((await get(ada, '/api/wallet/client')).json()).toEqual({ wallet: null });
    const details = await get(ada, '/api/wallet/details');
    expect(details.statusCode).toBe(404);
    expect(details.json()).toMatchObject({ type: 'WalletNotFound' });
  });

  it('resumes a create that the gateway failed half-way, keeping one wallet number', async () => {
    setEmulatorFailure(app, { mode: 'error', times: 1 });
    const failed = await post(ada, '/api/wallet/create', form);
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ type: 'PaymentGatewayError' });
    const [pending] = await app.db.select().from(wallets).where(eq(wallets.clientId, ada.clientId));
    expect(pending?.status).toBe('pending');
    expect((await get(ada, '/api/wallet/client')).json()).toEqual({ wallet: null });

    const res = await post(ada, '/api/wallet/create', form);
    expect(res.statusCode).toBe(200);
    const wallet = res.json();
    expect(wallet).toMatchObject({
      walletNumber: pending?.walletNumber,
      balance: 0,
      client: { firstname: 'Ada', lastname: 'Obi' },
    });
    expect(wallet.walletNumber).toMatch(/^[1-9]\d{9}$/);
    expect(wallet.virtualAccount.accountNumber).toMatch(/^\d{10}$/);
    expect(wallet.virtualAccount.bankName).not.toBe('');
    expect(wallet.virtualAccount.accountName).not.toBe('');
  });

  it('answers the same wallet to a second create, and shows it in client and details', async () => {
    const first = (await get(ada, '/api/wallet/details')).json();
    const again = await post(ada, '/api/wallet/create', { ...form, firstname: 'Someone' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect((await get(ada, '/api/wallet/client')).json()).toEqual({ wallet: first });
    expect(await app.db.select().from(wallets).where(eq(wallets.clientId, ada.clientId))).toHaveLength(1);
  });
});

describe('one Paystack customer per email', () => {
  it("refuses an email that another client's wallet uses, creating nothing", async () => {
    const dayo = await signInAs(app, '08030000009');
    const res = await post(dayo, '/api/wallet/create', { ...form, email: 'ADA@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ type: 'Conflict', additionalInfo: { field: 'email' } });
    expect(await app.db.select().from(wallets).where(eq(wallets.clientId, dayo.clientId))).toHaveLength(0);
  });
});

describe('funding', () => {
  it('refuses amounts that are not whole kobo above 0, and a client without a wallet', async () => {
    for (const amount of [0, -100, 10.5, '500']) {
      const res = await post(ada, '/api/wallet/add_fund', { amount });
      expect(res.statusCode).toBe(400);
    }
    const none = await post(bola, '/api/wallet/add_fund', { amount: 10_000 });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ type: 'WalletNotFound' });
  });

  it('starts one FundWallet payment per idempotency key, and credits it once when paid', async () => {
    const key = randomUUID();
    const res = await post(ada, '/api/wallet/add_fund', { amount: 250_000 }, { 'idempotency-key': key });
    expect(res.statusCode).toBe(200);
    const started = res.json();
    expect(started).toEqual({
      authorizationUrl: expect.any(String),
      paymentReference: expect.any(String),
      accessCode: expect.any(String),
      paymentNumber: expect.any(String),
    });
    const replay = await post(ada, '/api/wallet/add_fund', { amount: 250_000 }, { 'idempotency-key': key });
    expect(replay.json()).toEqual(started);
    const [funding] = await app.db
      .select()
      .from(walletFundings)
      .where(eq(walletFundings.reference, started.paymentReference));
    expect(funding?.step).toBe('Initialize');

    const unpaid = await post(ada, '/api/wallet/verify_payment', { paymentReference: started.paymentReference });
    expect(unpaid.json()).toMatchObject({ status: 'pending', balance: 0 });

    completeEmulatorCheckout(app, started.accessCode, 'success');
    const verified = await post(ada, '/api/wallet/verify_payment', { paymentNumber: started.paymentNumber });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'success', amount: 250_000, balance: 250_000 });
    const twice = await post(ada, '/api/wallet/verify_payment', { paymentReference: started.paymentReference });
    expect(twice.json()).toMatchObject({ status: 'success', balance: 250_000 });
    expect((await get(ada, '/api/wallet/details')).json().balance).toBe(250_000);
  });

  it("does not verify another client's payment", async () => {
    const started = (await post(ada, '/api/wallet/add_fund', { amount: 1_000 })).json();
    await post(bola, '/api/wallet/create', { ...form, email: 'bola@example.com', firstname: 'Bola' });
    const res = await post(bola, '/api/wallet/verify_payment', { paymentReference: started.paymentReference });
    expect(res.statusCode).toBe(404);
  });

  it('credits a simulated bank transfer into the virtual account, with the sender shown', async () => {
    const before = (await get(ada, '/api/wallet/details')).json();
    const res = await post(ada, '/api/wallet/simulate_transfer', {
      accountNumber: before.virtualAccount.accountNumber,
      amount: 40_000,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(ada, '/api/wallet/details')).json().balance).toBe(before.balance + 40_000);
    const list = (await get(ada, '/api/wallet/transactions')).json();
    expect(list[0]).toMatchObject({
      type: 'Credit',
      status: 'completed',
      amount: 40_000,
      purpose: 'FundVirtualAccount',
      displayName: 'Sandbox Sender',
      from: { bankName: 'Test Bank' },
    });
  });

  it('refuses a simulated transfer to an account no wallet holds', async () => {
    const res = await post(ada, '/api/wallet/simulate_transfer', { accountNumber: '0000000001', amount: 100 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'WalletNotFound' });
  });
});

describe('paying an order from the wallet', () => {
  it('debits the total, marks the order Paid by Wallet, and answers a repeat without paying twice', async () => {
    const order = await insertOrder(ada.clientId, 120_000);
    const before = (await get(ada, '/api/wallet/details')).json().balance;
    const res = await post(ada, '/api/payment/wallet', { orderNumber: order.orderNumber });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      orderNumber: order.orderNumber,
      paymentType: 'Wallet',
      amount: 120_000,
      balance: before - 120_000,
    });
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: 'Paid', paymentType: 'Wallet', paymentStatus: 'success' });

    const again = await post(ada, '/api/payment/wallet', { orderNumber: order.orderNumber });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    expect((await get(ada, '/api/wallet/details')).json().balance).toBe(before - 120_000);

    const list = (await get(ada, '/api/wallet/transactions')).json();
    expect(list[0]).toMatchObject({ type: 'Debit', amount: 120_000, purpose: 'OrderPayment' });
    const one = await get(ada, `/api/wallet/transactions/${list[0].id}`);
    expect(one.json()).toEqual(list[0]);
  });

  const openCheckoutOf = async (order: { id: string }, amount: number) => {
    const [checkout] = await app.db
      .insert(payments)
      .values({
        paymentNumber: `PMT-${randomUUID().slice(0, 8).toUpperCase()}`,
        reference: `ref-${randomUUID()}`,
        clientId: ada.clientId,
        orderId: order.id,
        purpose: 'OrderPayment',
        gateway: 'Paystack',
        amount,
        email: form.email,
        status: 'pending',
      })
      .returning();
    return checkout;
  };

  it.each([
    ['on its own, with no transaction around it', 1],
    ["inside the counter's transaction", 3],
  ] as const)(
    'pays in one statement %s: the open checkout closed, the step, the ledger row, the message',
    async (how, statements) => {
      const order = await insertOrder(ada.clientId, 2_500);
      const checkout = await openCheckoutOf(order, 2_500);
      const before = (await get(ada, '/api/wallet/details')).json().balance;
      const { result: paid, statements: sent } = await app.database.statementsOf(() =>
        statements === 1
          ? payOrderFromWallet(app, ada.clientId, order.orderNumber)
          : app.db.transaction((tx) => payOrderFromWalletIn(tx, ada.clientId, order.orderNumber)),
      );
      // BEGIN and COMMIT are a transaction's (PGlite does not count them); between them, one statement.
      expect(sent, how).toBeLessThanOrEqual(statements);
      expect(sent, how).toBeGreaterThan(0);
      expect(paid).toMatchObject({ orderNumber: order.orderNumber, amount: 2_500, balance: before - 2_500 });
      const [entry] = await app.db
        .select()
        .from(walletTransactions)
        .where(eq(walletTransactions.id, paid.transactionId));
      expect(entry).toMatchObject({
        reference: orderLedgerReference(order.id),
        type: 'Debit',
        amount: 2_500,
        balanceAfter: before - 2_500,
        orderId: order.id,
        displayName: `Order #${order.orderNumber}`,
      });
      const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'Paid', paymentType: 'Wallet', paymentStatus: 'success' });
      const steps = await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(steps.map((e) => e.status)).toContain('Paid');
      const [closed] = await app.db
        .select()
        .from(payments)
        .where(eq(payments.id, checkout?.id as string));
      expect(closed).toMatchObject({
        status: 'abandoned',
        gatewayResponse: 'Closed: the order was paid from the wallet',
      });
      expect(closed?.closedAt).not.toBeNull();
      expect(await outboxRowsFor(app.db, `order-paid:${order.id}`)).not.toHaveLength(0);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'takes its locks as a payment made step by step does, so two payments of one client never deadlock',
    async () => {
      // A payment made step by step marks its order Paid (the order, then the client's history
      // version, by the orders trigger) and then locks the wallet. The one statement must wait for
      // the history version before it takes the wallet, or each would hold what the other waits for.
      const first = await insertOrder(ada.clientId, 100);
      const second = await insertOrder(ada.clientId, 100);
      const paid = callBetweenLocks(
        app.db,
        async (tx) => expect(await markOrderPaid(tx, first.id, 'Wallet')).toBe(true),
        () => payOrderFromWallet(app, ada.clientId, second.orderNumber),
        (tx) => tx.execute(sql`select balance from ${wallets} where client_id = ${ada.clientId} for update`),
      );
      await expect(paid).resolves.toMatchObject({ orderNumber: second.orderNumber, amount: 100 });
    },
  );

  it('refuses an order the balance cannot cover, changing nothing', async () => {
    const balance = (await get(ada, '/api/wallet/details')).json().balance;
    const order = await insertOrder(ada.clientId, balance + 1);
    // The one statement closes the order's open checkout before it finds the balance short: that
    // too must be undone, so the client can still pay by card.
    const checkout = await openCheckoutOf(order, balance + 1);
    const steps = async () => (await app.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id))).length;
    const stepsBefore = await steps();
    const res = await post(ada, '/api/payment/wallet', { orderNumber: order.orderNumber });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'InsufficientFund' });
    expect((await get(ada, '/api/wallet/details')).json().balance).toBe(balance);
    const [unpaid] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unpaid?.status).toBe('Not Paid');
    expect(await steps()).toBe(stepsBefore);
    expect(await outboxRowsFor(app.db, `order-paid:${order.id}`)).toHaveLength(0);
    const [still] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.id, checkout?.id as string));
    expect(still).toMatchObject({ status: 'pending', closedAt: null });
  });

  it('refuses an order already paid another way, at no cost', async () => {
    const order = await insertOrder(ada.clientId, 100);
    await app.db.update(orders).set({ status: 'Paid', paymentType: 'Electronic' }).where(eq(orders.id, order.id));
    const balance = (await get(ada, '/api/wallet/details')).json().balance;
    const res = await post(ada, '/api/payment/wallet', { orderNumber: order.orderNumber });
    expect(res.statusCode).toBe(409);
    expect((await get(ada, '/api/wallet/details')).json().balance).toBe(balance);
  });

  it("answers 404 for another client's order and WalletNotFound without a wallet", async () => {
    const order = await insertOrder(ada.clientId, 100);
    const res = await post(bola, '/api/payment/wallet', { orderNumber: order.orderNumber });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'NotFound' });
    const carol = await signInAs(app, '08030000003');
    const own = await insertOrder(carol.clientId, 100);
    const none = await post(carol, '/api/payment/wallet', { orderNumber: own.orderNumber });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ type: 'WalletNotFound' });
  });

  it("keeps transactions private: another client's id answers 404", async () => {
    const [row] = await app.db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .innerJoin(wallets, eq(wallets.id, walletTransactions.walletId))
      .where(eq(wallets.clientId, ada.clientId))
      .limit(1);
    expect(row?.id).toBeDefined();
    const res = await get(bola, `/api/wallet/transactions/${row?.id}`);
    expect(res.statusCode).toBe(404);
    expect((await get(bola, '/api/wallet/transactions/not-a-uuid')).statusCode).toBe(400);
  });

  it('leaves every wallet reconciled', async () => {
    expect((await reconcileWallets(app.db)).differences).toEqual([]);
  });
});
