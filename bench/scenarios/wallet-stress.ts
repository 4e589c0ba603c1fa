// The wallet's stress scenario, for `npm run bench` and tests/server/wallet-concurrency.test.ts;
// not used by the running app.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorType } from '../../src/domain/errors';
import {
  completeEmulatorCheckout,
  deliverWebhook,
  emulatorTransaction,
  flushEmulatorWebhooks,
  simulateTransfer,
} from '../../src/server/integrations/paystack/emulator';
import { clients } from '../../src/server/modules/client/tables';
import { orders } from '../../src/server/modules/order/tables';
import { createWallet } from '../../src/server/modules/wallet/create-wallet';
import { addFund, fundingLedgerReference } from '../../src/server/modules/wallet/funding';
import { orderLedgerReference, payOrderFromWallet } from '../../src/server/modules/wallet/pay-order';
import { reconcileWallets } from '../../src/server/modules/wallet/reconcile';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';

export type WalletScenarioOptions = {
  /** Concurrent operations in total (top-ups, transfers, order payments). */
  operations: number;
  /** Wallets they are spread over; fewer wallets means more contention on each row lock. */
  wallets?: number;
  /** Operations in flight at once. */
  concurrency?: number;
  /** Deterministic mix for a given seed. */
  seed?: number;
};

export type WalletScenarioReport = {
  operations: number;
  wallets: number;
  durationMs: number;
  operationsPerSecond: number;
  cardTopUps: number;
  bankTransfers: number;
  orderPayments: number;
  /** Order payments refused for InsufficientFund (expected: the mix spends more than it funds). */
  insufficientFund: number;
  /** Webhook deliveries, every one sent twice. */
  webhookDeliveries: number;
  /** Every broken invariant, in words; empty when the money is right. */
  problems: string[];
};

/** A small deterministic generator, so a failing mix can be replayed with its seed. */
function generator(seed: number) {
  let s = seed >>> 0 || 1;
  return (max: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % max;
  };
}

async function pool<T>(items: T[], concurrency: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  });
  await Promise.all(workers);
}

type Op =
  | { kind: 'card'; wallet: number; amount: number }
  | { kind: 'transfer'; wallet: number; amount: number }
  | { kind: 'pay'; wallet: number; amount: number; twice: boolean };

/**
 * The wallet's reliability scenario (tests run it with 200, `npm run bench` with 1,000): card
 * top-ups, bank transfers into virtual accounts and order payments from the wallets, all at once,
 * with every Paystack webhook delivered twice and some payments sent twice. Then it proves that
 * every balance equals its ledger, none is negative, every reference gave value exactly once, and
 * each wallet holds exactly what was paid in minus what it paid. Runs against a sandbox app.
 */
export async function runWalletScenario(
  app: FastifyInstance,
  options: WalletScenarioOptions,
): Promise<WalletScenarioReport> {
  if (!app.config.sandbox) throw new Error('The wallet scenario needs the sandbox (the Paystack emulator)');
  const walletCount = Math.max(2, options.wallets ?? Math.ceil(options.operations / 20));
  const random = generator(options.seed ?? 20_261_122);
  const run = randomBytes(4).toString('hex');

  // Clients and wallets, through the real create path (Paystack customer and virtual account).
  const people: { clientId: string; walletId: string; accountNumber: string }[] = [];
  for (let i = 0; i < walletCount; i += 1) {
    let client: { id: string } | undefined;
    for (let attempt = 0; !client && attempt < 20; attempt += 1) {
      const phone = `07${String(random(1_000_000_000)).padStart(9, '0')}`;
      [client] = await app.db
        .insert(clients)
        .values({ phoneLocal: phone, phoneInternational: `234${phone.slice(1)}`, isVerified: true })
        .onConflictDoNothing()
        .returning({ id: clients.id });
    }
    if (!client) throw new Error('could not create a client');
    const wallet = await createWallet(app, client.id, {
      firstname: 'Load',
      lastname: `Tester ${i}`,
      email: `load-${run}-${i}@example.com`,
      consentGiven: true,
    });
    people.push({ clientId: client.id, walletId: wallet.id, accountNumber: wallet.accountNumber ?? '' });
  }

  const ops: Op[] = Array.from({ length: options.operations }, (_, i) => {
    const wallet = i % walletCount;
    const pick = random(10);
    if (pick < 3) return { kind: 'card', wallet, amount: 1_000 + random(50_000) };
    if (pick < 6) return { kind: 'transfer', wallet, amount: 1_000 + random(50_000) };
    return { kind: 'pay', wallet, amount: 5_000 + random(40_000), twice: random(4) === 0 };
  });

  const expectedCredits = new Map<string, { walletId: string; amount: number }>();
  const paidOrders = new Map<string, { walletId: string; amount: number }>();
  const refusedOrders: string[] = [];
  const problems: string[] = [];
  let webhookDeliveries = 0;
  let insufficientFund = 0;

  const deliverTwice = async (reference: string) => {
    const txn = emulatorTransaction(app, reference);
    if (!txn) throw new Error(`the emulator does not know ${reference}`);
    const { accessCode: _a, email: _e, ...data } = txn;
    const statuses = await Promise.all([
      deliverWebhook(app, 'charge.success', data),
      deliverWebhook(app, 'charge.success', data),
    ]);
    webhookDeliveries += statuses.length;
    for (const status of statuses) {
      if (status !== 200) problems.push(`webhook for ${reference} answered ${status}`);
    }
  };

  const started = performance.now();
  await pool(ops, options.concurrency ?? 16, async (op) => {
    const person = people[op.wallet];
    if (!person) return;
    if (op.kind === 'card') {
      const payment = await addFund(app, person.clientId, op.amount);
      // The checkout's Pay sends one charge.success; then Paystack "retries" it twice more.
      completeEmulatorCheckout(app, payment.accessCode, 'success');
      webhookDeliveries += 1;
      await deliverTwice(payment.paymentReference);
      expectedCredits.set(fundingLedgerReference(payment.paymentReference), {
        walletId: person.walletId,
        amount: op.amount,
      });
    } else if (op.kind === 'transfer') {
      // simulateTransfer delivers once itself; two more deliveries of the same event follow.
      const { reference } = await simulateTransfer(app, { accountNumber: person.accountNumber, amount: op.amount });
      webhookDeliveries += 1;
      await deliverTwice(reference);
      expectedCredits.set(fundingLedgerReference(reference), { walletId: person.walletId, amount: op.amount });
    } else {
      const code = randomBytes(6).toString('hex').toUpperCase();
      const [order] = await app.db
        .insert(orders)
        .values({
          orderNumber: `LOAD${code}`,
          orderPaymentNumber: `LOADP${code}`,
          clientId: person.clientId,
          type: 'Gas',
          deliveryOption: 'PickerUP',
          subtotal: op.amount,
          total: op.amount,
          pickupCode: `L${code}`,
        })
        .returning({ id: orders.id, orderNumber: orders.orderNumber });
      if (!order) throw new Error('could not create an order');
      const attempts = op.twice ? 2 : 1;
      const outcomes = await Promise.allSettled(
        Array.from({ length: attempts }, () => payOrderFromWallet(app, person.clientId, order.orderNumber)),
      );
      const paid = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter(
        (o): o is PromiseRejectedResult =>
          o.status === 'rejected' && o.reason instanceof AppError && o.reason.type === ErrorType.InsufficientFund,
      );
      const other = outcomes.filter((o) => o.status === 'rejected' && !refused.includes(o as PromiseRejectedResult));
      for (const o of other)
        problems.push(`paying ${order.orderNumber} failed: ${String((o as PromiseRejectedResult).reason)}`);
      if (paid.length > 0) paidOrders.set(order.id, { walletId: person.walletId, amount: op.amount });
      else if (refused.length === attempts) {
        insufficientFund += 1;
        refusedOrders.push(order.id);
      }
    }
  });
  await flushEmulatorWebhooks(app);
  const durationMs = performance.now() - started;

  // 1. Every balance equals Σ completed credits − Σ completed debits, and none is negative.
  const report = await reconcileWallets(app.db);
  for (const d of report.differences) {
    problems.push(`wallet ${d.walletNumber}: balance ${d.balance} but ledger ${d.ledgerBalance}`);
  }
  const walletIds = people.map((p) => p.walletId);
  const rows = await app.db
    .select({ id: wallets.id, balance: wallets.balance })
    .from(wallets)
    .where(inArray(wallets.id, walletIds));
  for (const row of rows) if (row.balance < 0) problems.push(`wallet ${row.id} is negative: ${row.balance}`);

  // 2. Each reference gave value exactly once, to the right wallet, for the right amount.
  const ledger = await app.db
    .select({
      reference: walletTransactions.reference,
      walletId: walletTransactions.walletId,
      amount: walletTransactions.amount,
      type: walletTransactions.type,
    })
    .from(walletTransactions)
    .where(inArray(walletTransactions.walletId, walletIds));
  const byReference = new Map<string, typeof ledger>();
  for (const row of ledger) byReference.set(row.reference, [...(byReference.get(row.reference) ?? []), row]);
  const expectOnce = (reference: string, want: { walletId: string; amount: number }, type: 'Credit' | 'Debit') => {
    const found = byReference.get(reference) ?? [];
    if (found.length !== 1) problems.push(`${reference} applied ${found.length} times`);
    const row = found[0];
    if (row && (row.walletId !== want.walletId || row.amount !== want.amount || row.type !== type)) {
      problems.push(`${reference} applied as ${row.type} ${row.amount} to ${row.walletId}`);
    }
  };
  for (const [reference, want] of expectedCredits) expectOnce(reference, want, 'Credit');
  for (const [orderId, want] of paidOrders) expectOnce(orderLedgerReference(orderId), want, 'Debit');
  const expectedRows = expectedCredits.size + paidOrders.size;
  if (ledger.length !== expectedRows) problems.push(`ledger has ${ledger.length} rows, expected ${expectedRows}`);

  // 3. Each wallet holds what was paid in minus what it paid; paid orders are Paid, refused ones not.
  const expectedBalance = new Map<string, number>(walletIds.map((id) => [id, 0]));
  for (const c of expectedCredits.values())
    expectedBalance.set(c.walletId, (expectedBalance.get(c.walletId) ?? 0) + c.amount);
  for (const d of paidOrders.values())
    expectedBalance.set(d.walletId, (expectedBalance.get(d.walletId) ?? 0) - d.amount);
  for (const row of rows) {
    if (row.balance !== expectedBalance.get(row.id)) {
      problems.push(`wallet ${row.id} holds ${row.balance}, expected ${expectedBalance.get(row.id)}`);
    }
  }
  if (paidOrders.size > 0) {
    const [{ notPaid = 0 } = {}] = await app.db
      .select({ notPaid: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          inArray(orders.id, [...paidOrders.keys()]),
          sql`(${orders.status} <> 'Paid' or coalesce(${orders.paymentType}, '') <> 'Wallet')`,
        ),
      );
    if (notPaid > 0) problems.push(`${notPaid} order(s) debited but not marked Paid by Wallet`);
  }
  if (refusedOrders.length > 0) {
    const still = await app.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, refusedOrders));
    if (still.some((o) => o.status !== 'Not Paid'))
      problems.push('an order refused for InsufficientFund changed status');
  }
  const ownLedger = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(walletTransactions)
    .where(eq(walletTransactions.status, 'pending'));
  if ((ownLedger[0]?.n ?? 0) > 0) problems.push('the ledger holds pending rows');

  const count = (kind: Op['kind']) => ops.filter((o) => o.kind === kind).length;
  return {
    operations: options.operations,
    wallets: walletCount,
    durationMs: Math.round(durationMs),
    operationsPerSecond: Math.round((options.operations / durationMs) * 1000 * 10) / 10,
    cardTopUps: count('card'),
    bankTransfers: count('transfer'),
    orderPayments: count('pay'),
    insufficientFund,
    webhookDeliveries,
    problems,
  };
}
