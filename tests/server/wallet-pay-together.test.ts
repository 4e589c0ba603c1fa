import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateTransfer } from '../../src/server/integrations/paystack/emulator';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { orders } from '../../src/server/modules/order/tables';
import { createWallet } from '../../src/server/modules/wallet/create-wallet';
import { orderLedgerReference, walletPaymentsTogether } from '../../src/server/modules/wallet/pay-order';
import { wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { insertUnpaidOrder } from './payment-support';
import { callBetweenLocks } from './support/lock-order';

// Wallet payments of many clients arriving at the same moment share one statement
// (walletPaymentsTogether); whatever it cannot pay is paid alone, with its own answer.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ countQueries: true });
});
afterAll(async () => {
  await app.close();
});

let nextPhone = 0;
/** A signed-in client whose wallet holds `balance` (kobo), its session already checked once. */
async function fundedClient(balance: number): Promise<Session> {
  const session = await signInAs(app, `0803200${String(nextPhone++).padStart(4, '0')}`);
  const wallet = await createWallet(app, session.clientId, {
    firstname: 'Ngozi',
    lastname: 'Eze',
    email: `pay-together-${session.clientId}@example.com`,
    consentGiven: true,
  });
  if (balance > 0) await simulateTransfer(app, { accountNumber: wallet.accountNumber as string, amount: balance });
  await injectAs(app, session, { method: 'GET', url: '/api/wallet/client' });
  return session;
}
const pay = (session: Session, orderNumber: string) =>
  injectAs(app, session, { method: 'POST', url: '/api/payment/wallet', payload: { orderNumber } });
const balanceOf = async (session: Session) =>
  (await app.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.clientId, session.clientId)))[0]
    ?.balance;

describe('wallet payments of many clients at the same moment', () => {
  it('pays them in one statement, each from its own wallet with its own ledger row', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => fundedClient(500_000)));
    // A different total each, so a payment answered to the wrong client shows.
    const owed = await Promise.all(clients.map((c, i) => insertUnpaidOrder(app, c.clientId, 10_000 * (i + 1))));
    const { result: results, statements } = await app.database.statementsOf(() =>
      Promise.all(clients.map((c, i) => pay(c, owed[i]?.orderNumber as string))),
    );
    expect(statements).toBe(1);
    expect(results.map((r) => r.statusCode)).toEqual(clients.map(() => 200));
    for (const [i, c] of clients.entries()) {
      const total = 10_000 * (i + 1);
      expect(results[i]?.json()).toMatchObject({
        orderNumber: owed[i]?.orderNumber,
        paymentType: 'Wallet',
        amount: total,
        balance: 500_000 - total,
      });
      expect(await balanceOf(c)).toBe(500_000 - total);
    }
    const ids = owed.map((o) => o.id);
    const paid = await app.db.select().from(orders).where(inArray(orders.id, ids));
    expect(paid.every((o) => o.status === 'Paid' && o.paymentType === 'Wallet')).toBe(true);
    const ledger = await app.db
      .select()
      .from(walletTransactions)
      .where(inArray(walletTransactions.reference, ids.map(orderLedgerReference)));
    expect(ledger).toHaveLength(clients.length);
    expect(new Set(ledger.map((e) => e.id))).toEqual(new Set(results.map((r) => r.json().transactionId)));
  });

  it('pays alone what it cannot pay together, each with its own answer', async () => {
    const [rich, poor, twice] = await Promise.all([fundedClient(300_000), fundedClient(5_000), fundedClient(300_000)]);
    if (!rich || !poor || !twice) throw new Error('no clients');
    const richOrder = await insertUnpaidOrder(app, rich.clientId, 100_000);
    const poorOrder = await insertUnpaidOrder(app, poor.clientId, 100_000);
    const firstOfTwo = await insertUnpaidOrder(app, twice.clientId, 100_000);
    const secondOfTwo = await insertUnpaidOrder(app, twice.clientId, 50_000);
    const [richPaid, poorRefused, onePaid, otherPaid, repeated] = await Promise.all([
      pay(rich, richOrder.orderNumber),
      pay(poor, poorOrder.orderNumber),
      pay(twice, firstOfTwo.orderNumber),
      pay(twice, secondOfTwo.orderNumber),
      // The same payment sent twice at once: answered once, paid once.
      pay(rich, richOrder.orderNumber),
    ]);
    expect(richPaid?.statusCode).toBe(200);
    expect(repeated?.statusCode).toBe(200);
    expect(repeated?.json()).toEqual(richPaid?.json());
    expect(await balanceOf(rich)).toBe(200_000);
    expect(poorRefused?.statusCode).toBe(400);
    expect(poorRefused?.json()).toMatchObject({ type: 'InsufficientFund' });
    expect(await balanceOf(poor)).toBe(5_000);
    expect([onePaid?.statusCode, otherPaid?.statusCode]).toEqual([200, 200]);
    expect(await balanceOf(twice)).toBe(150_000);
    const [unpaid] = await app.db.select().from(orders).where(eq(orders.id, poorOrder.id));
    expect(unpaid?.status).toBe('Not Paid');
    const richLedger = await app.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.reference, orderLedgerReference(richOrder.id)));
    expect(richLedger).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "writes every client's history version before it takes any wallet, so it never deadlocks with a payment made alone",
    async () => {
      // A payment made alone holds its client's history version (written with Paid) and then
      // locks the wallet. A statement of several clients writes the versions in client order: if
      // it locked the wallets once the first version was written, it would hold the later
      // client's wallet while waiting for that client's version, and each would wait for the other.
      const clients = (await Promise.all([fundedClient(300_000), fundedClient(300_000)])).sort((a, b) =>
        a.clientId < b.clientId ? -1 : 1,
      );
      const [earlier, later] = clients as [Session, Session];
      const earlierOrder = await insertUnpaidOrder(app, earlier.clientId, 100_000);
      const laterAlone = await insertUnpaidOrder(app, later.clientId, 50_000);
      const laterTogether = await insertUnpaidOrder(app, later.clientId, 100_000);
      const together = walletPaymentsTogether(app.db);
      const answers = await callBetweenLocks(
        app.db,
        async (tx) => expect(await markOrderPaid(tx, laterAlone.id, 'Wallet')).toBe(true),
        () =>
          Promise.all([
            together({ clientId: earlier.clientId, orderNumber: earlierOrder.orderNumber }),
            together({ clientId: later.clientId, orderNumber: laterTogether.orderNumber }),
          ]),
        (tx) => tx.execute(sql`select balance from ${wallets} where client_id = ${later.clientId} for update`),
      );
      // Paid together (a deadlock would have ended the statement, and answered null for both).
      expect(answers).toMatchObject([
        { orderNumber: earlierOrder.orderNumber, amount: 100_000, balance: 200_000 },
        { orderNumber: laterTogether.orderNumber, amount: 100_000, balance: 200_000 },
      ]);
    },
  );
});
