import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInAs } from '../../test-utils/test-app';
import { credit, debit } from './ledger';
import { reconcileWallets } from './reconcile';
import { wallets, walletTransactions } from './tables';

let app: FastifyInstance;
let phoneSeq = 0;

async function newWallet(): Promise<string> {
  phoneSeq += 1;
  const session = await signInAs(app, `0803${String(1000000 + phoneSeq).slice(-7)}`);
  const [row] = await app.db
    .insert(wallets)
    .values({
      clientId: session.clientId,
      walletNumber: `99${String(phoneSeq).padStart(8, '0')}`,
      status: 'active',
      firstname: 'Ada',
      lastname: 'Obi',
      email: `ada${phoneSeq}@example.com`,
      consentGivenAt: new Date(),
    })
    .returning({ id: wallets.id });
  if (!row) throw new Error('no wallet');
  return row.id;
}

const balanceOf = async (walletId: string) =>
  (await app.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId)))[0]?.balance;

const base = { purpose: 'FundWallet' as const, displayName: 'Card top-up', source: 'Card' as const };

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('wallet ledger', () => {
  it('credits and debits move the balance and write one row each', async () => {
    const walletId = await newWallet();
    const c = await app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-c1', amount: 50_000 }));
    expect(c).toMatchObject({ applied: true, balance: 50_000 });
    const d = await app.db.transaction((tx) =>
      debit(tx, { ...base, purpose: 'OrderPayment', walletId, reference: 'r-d1', amount: 20_000 }),
    );
    expect(d).toMatchObject({ applied: true, balance: 30_000 });
    expect(d.transaction).toMatchObject({ type: 'Debit', status: 'completed', amount: 20_000, balanceAfter: 30_000 });
    expect(await balanceOf(walletId)).toBe(30_000);
  });

  it('applies a reference once, however often it arrives', async () => {
    const walletId = await newWallet();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-dup', amount: 7_000 })),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balanceOf(walletId)).toBe(7_000);
    const rows = await app.db.select().from(walletTransactions).where(eq(walletTransactions.reference, 'r-dup'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a reference reused for another amount', async () => {
    const walletId = await newWallet();
    await app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-reuse', amount: 1_000 }));
    await expect(
      app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-reuse', amount: 2_000 })),
    ).rejects.toMatchObject({ type: 'Conflict' });
    expect(await balanceOf(walletId)).toBe(1_000);
  });

  it('never lets the balance go below zero, and a refused debit changes nothing', async () => {
    const walletId = await newWallet();
    await app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-low', amount: 10_000 }));
    await expect(
      app.db.transaction((tx) => debit(tx, { ...base, walletId, reference: 'r-over', amount: 10_001 })),
    ).rejects.toMatchObject({ type: 'InsufficientFund', status: 400 });
    expect(await balanceOf(walletId)).toBe(10_000);
    const rows = await app.db.select().from(walletTransactions).where(eq(walletTransactions.reference, 'r-over'));
    expect(rows).toHaveLength(0);
  });

  it('concurrent debits never overdraw: exactly as many succeed as the balance covers', async () => {
    const walletId = await newWallet();
    await app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-pool', amount: 30_000 }));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        app.db.transaction((tx) => debit(tx, { ...base, walletId, reference: `r-spend-${i}`, amount: 10_000 })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(o.reason).toMatchObject({ type: 'InsufficientFund' });
    }
    expect(await balanceOf(walletId)).toBe(0);
  });

  it('rejects amounts that are not positive whole kobo', async () => {
    const walletId = await newWallet();
    for (const amount of [0, -5, 1.5]) {
      await expect(
        app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: `r-bad-${amount}`, amount })),
      ).rejects.toMatchObject({ type: 'InvalidInput' });
    }
    expect(await balanceOf(walletId)).toBe(0);
  });

  it('the database itself refuses a negative balance and any edit of the ledger', async () => {
    const walletId = await newWallet();
    await app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-db', amount: 500 }));
    await expect(app.db.update(wallets).set({ balance: -1 }).where(eq(wallets.id, walletId))).rejects.toThrow();
    await expect(
      app.db.update(walletTransactions).set({ amount: 1 }).where(eq(walletTransactions.reference, 'r-db')),
    ).rejects.toThrow();
    await expect(app.db.delete(walletTransactions).where(eq(walletTransactions.reference, 'r-db'))).rejects.toThrow();
    expect(await balanceOf(walletId)).toBe(500);
  });

  it('reconcile proves balance equals the ledger, and names a wallet that does not', async () => {
    const clean = await reconcileWallets(app.db);
    expect(clean.differences).toEqual([]);
    expect(clean.walletsChecked).toBeGreaterThan(0);
    expect(clean.transactionsChecked).toBeGreaterThan(0);

    const walletId = await newWallet();
    await app.db.transaction((tx) => credit(tx, { ...base, walletId, reference: 'r-tamper', amount: 1_200 }));
    // Money created outside the ledger: exactly what reconcile exists to catch.
    await app.db.execute(sql`update wallets set balance = balance + 300 where id = ${walletId}`);
    const report = await reconcileWallets(app.db);
    expect(report.differences).toEqual([
      expect.objectContaining({ walletId, balance: 1_500, ledgerBalance: 1_200, difference: 300 }),
    ]);
  });
});
