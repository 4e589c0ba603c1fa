import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeEmulatorCheckout,
  deliverWebhook,
  emulatorTransaction,
  flushEmulatorWebhooks,
  setEmulatorWebhooks,
  simulateTransfer,
} from '../../src/server/integrations/paystack/emulator';
import { paymentErrors, payments } from '../../src/server/modules/payment/tables';
import { fundingLedgerReference } from '../../src/server/modules/wallet/funding';
import { credit } from '../../src/server/modules/wallet/ledger';
import { walletFundings, wallets, walletTransactions } from '../../src/server/modules/wallet/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
let ada: Session;
let walletId: string;
let accountNumber: string;

const post = (url: string, payload: object) => injectAs(app, ada, { method: 'POST', url, payload });
const balance = async () =>
  (await app.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, walletId)))[0]?.balance;
const ledgerRows = (paystackReference: string) =>
  app.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.reference, fundingLedgerReference(paystackReference)));
const fundingOf = async (reference: string) =>
  (await app.db.select().from(walletFundings).where(eq(walletFundings.reference, reference)))[0];

/** Delivers the emulator's charge.success for a reference again, as Paystack's retries do. */
async function redeliver(reference: string) {
  const txn = emulatorTransaction(app, reference);
  if (!txn) throw new Error(`unknown reference ${reference}`);
  const { accessCode: _a, email: _e, ...data } = txn;
  return deliverWebhook(app, 'charge.success', data);
}

async function startTopUp(amount: number) {
  const res = await post('/api/wallet/add_fund', { amount });
  expect(res.statusCode).toBe(200);
  return res.json() as { paymentReference: string; accessCode: string; paymentNumber: string };
}

beforeAll(async () => {
  app = await buildTestApp();
  ada = await signInAs(app, '08040000001');
  const res = await post('/api/wallet/create', {
    firstname: 'Ada',
    lastname: 'Obi',
    email: 'ada.funding@example.com',
    consentGiven: true,
  });
  expect(res.statusCode).toBe(200);
  accountNumber = res.json().virtualAccount.accountNumber;
  const [row] = await app.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.clientId, ada.clientId));
  walletId = row?.id ?? '';
});
afterAll(async () => {
  await app.close();
});

describe('wallet funding through Paystack webhooks', () => {
  it('a card top-up paid in the checkout is credited once, however often its webhook arrives', async () => {
    const before = await balance();
    const topUp = await startTopUp(30_000);
    completeEmulatorCheckout(app, topUp.accessCode, 'success');
    await flushEmulatorWebhooks(app);
    expect(await Promise.all([redeliver(topUp.paymentReference), redeliver(topUp.paymentReference)])).toEqual([
      200, 200,
    ]);
    expect(await balance()).toBe((before ?? 0) + 30_000);
    expect(await ledgerRows(topUp.paymentReference)).toHaveLength(1);
    expect(await fundingOf(topUp.paymentReference)).toMatchObject({ step: 'AllDDbUpdated', source: 'Card' });
    const [payment] = await app.db.select().from(payments).where(eq(payments.reference, topUp.paymentReference));
    expect(payment).toMatchObject({ status: 'success', purpose: 'FundWallet' });
  });

  it('a bank transfer into the virtual account is credited once, with the sender recorded', async () => {
    const before = await balance();
    const { reference, webhookStatus } = await simulateTransfer(app, {
      accountNumber,
      amount: 75_000,
      senderBank: 'GTBank',
      senderName: 'Chinedu Eze',
    });
    expect(webhookStatus).toBe(200);
    expect(await Promise.all([redeliver(reference), redeliver(reference)])).toEqual([200, 200]);
    expect(await balance()).toBe((before ?? 0) + 75_000);
    const rows = await ledgerRows(reference);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'Credit',
      purpose: 'FundVirtualAccount',
      source: 'BankTransfer',
      displayName: 'Chinedu Eze',
      fromBankName: 'GTBank',
    });
    expect(await fundingOf(reference)).toMatchObject({ step: 'AllDDbUpdated' });
  });

  it('a top-up whose webhook was lost and whose run stopped mid-way is finished by verify_payment', async () => {
    const before = await balance();
    const topUp = await startTopUp(12_345);
    setEmulatorWebhooks(app, false);
    completeEmulatorCheckout(app, topUp.accessCode, 'success');
    setEmulatorWebhooks(app, true);
    // A crash after the first steps were saved (and rolled back nothing that mattered).
    await app.db
      .update(walletFundings)
      .set({ step: 'GetWalletAccount' })
      .where(eq(walletFundings.reference, topUp.paymentReference));
    expect(await balance()).toBe(before);

    const res = await post('/api/wallet/verify_payment', { paymentNumber: topUp.paymentNumber });
    expect(res.json()).toMatchObject({ status: 'success', balance: (before ?? 0) + 12_345 });
    expect(await fundingOf(topUp.paymentReference)).toMatchObject({ step: 'AllDDbUpdated' });
    // The webhook arriving late changes nothing.
    expect(await redeliver(topUp.paymentReference)).toBe(200);
    expect(await balance()).toBe((before ?? 0) + 12_345);
    expect(await ledgerRows(topUp.paymentReference)).toHaveLength(1);
  });

  it('a funding resumed after its ledger row was written is not credited again', async () => {
    const topUp = await startTopUp(9_000);
    // As if a run had written the credit and stopped before its last steps were saved.
    await app.db.transaction((tx) =>
      credit(tx, {
        walletId,
        reference: fundingLedgerReference(topUp.paymentReference),
        amount: 9_000,
        purpose: 'FundWallet',
        source: 'Card',
        displayName: 'Card top-up',
      }),
    );
    await app.db
      .update(walletFundings)
      .set({ step: 'AddWalletTransactions' })
      .where(eq(walletFundings.reference, topUp.paymentReference));
    const afterPartialRun = await balance();

    completeEmulatorCheckout(app, topUp.accessCode, 'success');
    await flushEmulatorWebhooks(app);
    expect(await balance()).toBe(afterPartialRun);
    expect(await ledgerRows(topUp.paymentReference)).toHaveLength(1);
    expect(await fundingOf(topUp.paymentReference)).toMatchObject({ step: 'AllDDbUpdated' });
  });

  it('a declined card gives nothing and verify_payment says failed', async () => {
    const before = await balance();
    const topUp = await startTopUp(5_000);
    completeEmulatorCheckout(app, topUp.accessCode, 'failed');
    const res = await post('/api/wallet/verify_payment', { paymentReference: topUp.paymentReference });
    expect(res.json()).toMatchObject({ status: 'failed', balance: before });
    expect(await ledgerRows(topUp.paymentReference)).toHaveLength(0);
  });

  it('a transfer to an account no wallet holds is acknowledged, credits nobody, and goes on record for staff', async () => {
    const before = await balance();
    const { reference, webhookStatus } = await simulateTransfer(app, { accountNumber: '9000000001', amount: 4_400 });
    expect(webhookStatus).toBe(200);
    expect(await redeliver(reference)).toBe(200);
    expect(await ledgerRows(reference)).toHaveLength(0);
    expect(await balance()).toBe(before);
    const [problem] = await app.db.select().from(paymentErrors).where(eq(paymentErrors.reference, reference));
    expect(problem).toMatchObject({ type: 'WalletNotFound', paidAmount: 4_400, status: 'New' });
  });
});
