import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PaymentStep, WalletFundSource } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { AddFundResponse } from '../../../domain/schemas/wallet';
import type { DbOrTx } from '../../db/client';
import { type DedicatedTransferEvent, initiatePayment, type PaymentRow, recordPaymentError } from '../payment';
import { credit } from './ledger';
import { requireActiveWallet } from './queries';
import { type WalletFundingRow, walletFundings, wallets } from './tables';

/** Ledger reference of a funding: Paystack references are unique, and so is this. */
export const fundingLedgerReference = (paystackReference: string) => `paystack:${paystackReference}`;

/**
 * POST wallet/add_fund: a FundWallet card payment through the payment area, with a funding row
 * at step Initialize. The route is idempotent, so a retried tap starts one payment, not two.
 */
export async function addFund(app: FastifyInstance, clientId: string, amount: number): Promise<AddFundResponse> {
  const wallet = await requireActiveWallet(app.db, clientId);
  const payment = await initiatePayment(app, { clientId, purpose: 'FundWallet', amount, email: wallet.email });
  // If this insert never happens (a crash right here), the success handler creates the row.
  await app.db
    .insert(walletFundings)
    .values({
      walletId: wallet.id,
      reference: payment.reference,
      paymentNumber: payment.paymentNumber,
      amount,
      source: 'Card',
      step: 'Initialize',
    })
    .onConflictDoNothing();
  return {
    authorizationUrl: payment.authorizationUrl,
    paymentReference: payment.reference,
    accessCode: payment.accessCode,
    paymentNumber: payment.paymentNumber,
  };
}

type FundingStart = {
  walletId: string;
  reference: string;
  amount: number;
  source: WalletFundSource;
  paymentId?: string | null;
  paymentNumber?: string | null;
};

/**
 * The funding row for a reference, locked; created at Initialize when it does not exist yet.
 * The wallet row is locked first: inserting a funding takes a key-share lock on its wallet (the
 * foreign key), and two fundings that each held one while asking for the wallet's update lock
 * would deadlock. Every wallet path locks the wallet before writing anything that refers to it.
 */
async function lockFunding(tx: DbOrTx, start: FundingStart): Promise<WalletFundingRow> {
  await tx.select({ id: wallets.id }).from(wallets).where(eq(wallets.id, start.walletId)).for('update');
  await tx
    .insert(walletFundings)
    .values({
      walletId: start.walletId,
      reference: start.reference,
      amount: start.amount,
      source: start.source,
      paymentId: start.paymentId ?? null,
      paymentNumber: start.paymentNumber ?? null,
      step: 'Initialize',
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(walletFundings)
    .where(eq(walletFundings.reference, start.reference))
    .for('update');
  if (!row) throw new AppError('The wallet funding could not be recorded');
  if (row.walletId !== start.walletId) {
    throw new AppError('This payment belongs to another wallet', { status: 409, type: ErrorType.Conflict });
  }
  return row;
}

const advance = (tx: DbOrTx, id: string, step: PaymentStep) =>
  tx
    .update(walletFundings)
    .set({ step, ...(step === 'AllDDbUpdated' ? { completedAt: new Date() } : {}) })
    .where(eq(walletFundings.id, id));

/**
 * Runs a funding through its PaymentStep steps. Every step is safe to run again (the ledger row
 * is unique by reference), so a funding found at any step short of AllDDbUpdated — a crash, a
 * lost webhook — is simply carried on by the next delivery or verification. Answers whether
 * this call moved the money.
 */
async function runFunding(
  tx: DbOrTx,
  start: FundingStart,
  movement: { displayName: string; purpose: 'FundWallet' | 'FundVirtualAccount'; from?: TransferSender },
  steps: { read: PaymentStep; write: PaymentStep; updated: PaymentStep },
): Promise<boolean> {
  const funding = await lockFunding(tx, start);
  if (funding.step === 'AllDDbUpdated') return false;
  // The amount credited is what Paystack reports as paid: the payment area has already
  // compared it with what was asked for, and the client's money is credited in full.
  await advance(tx, funding.id, 'StartUpdating');
  await advance(tx, funding.id, steps.read);
  const result = await credit(tx, {
    walletId: start.walletId,
    reference: fundingLedgerReference(start.reference),
    amount: start.amount,
    purpose: movement.purpose,
    source: start.source,
    displayName: movement.displayName,
    fromBankName: movement.from?.bankName ?? null,
    fromAccountName: movement.from?.accountName ?? null,
    fromAccountNumber: movement.from?.accountNumber ?? null,
    paymentId: start.paymentId ?? null,
  });
  await advance(tx, funding.id, steps.write);
  await advance(tx, funding.id, steps.updated);
  await advance(tx, funding.id, 'AllDDbUpdated');
  return result.applied;
}

type TransferSender = { bankName: string | null; accountName: string | null; accountNumber: string | null };

/** The FundWallet payment handler: credits the wallet of the client who paid by card. */
export async function applyCardFunding(tx: DbOrTx, payment: PaymentRow): Promise<boolean> {
  const [wallet] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.clientId, payment.clientId), eq(wallets.status, 'active')));
  if (!wallet)
    throw new AppError('No wallet to fund for this payment', { status: 404, type: ErrorType.WalletNotFound });
  const amount = payment.paidAmount ?? payment.amount;
  return runFunding(
    tx,
    {
      walletId: wallet.id,
      reference: payment.reference,
      amount,
      source: 'Card',
      paymentId: payment.id,
      paymentNumber: payment.paymentNumber,
    },
    {
      displayName: 'Card top-up',
      purpose: 'FundWallet',
      from: { bankName: payment.authorization?.bank ?? null, accountName: null, accountNumber: null },
    },
    { read: 'GetWalletAccount', write: 'AddWalletTransactions', updated: 'UpdatedWalletAccount' },
  );
}

/** The dedicated-transfer handler: credits the wallet whose virtual account received a bank transfer. */
export async function applyDedicatedTransfer(tx: DbOrTx, event: DedicatedTransferEvent): Promise<boolean> {
  // The receiving account number decides; the customer code is a fallback for an event without it.
  let [wallet] = await tx
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.accountNumber, event.accountNumber));
  if (!wallet && event.customerCode) {
    [wallet] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(eq(wallets.paystackCustomerCode, event.customerCode));
  }
  if (!wallet) {
    // Real money with no wallet to hold it: acknowledged (so Paystack stops retrying) and put on
    // record for staff to return or assign, never silently dropped.
    await recordPaymentError(tx, {
      reference: event.reference,
      type: ErrorType.WalletNotFound,
      message: `A transfer of ${event.amount} kobo arrived for account ${event.accountNumber}, which no wallet holds`,
      paidAmount: event.amount,
      details: {
        accountNumber: event.accountNumber,
        senderName: event.senderName,
        senderBank: event.senderBank,
        customerCode: event.customerCode,
      },
    });
    return false;
  }
  return runFunding(
    tx,
    { walletId: wallet.id, reference: event.reference, amount: event.amount, source: 'BankTransfer' },
    {
      displayName: event.senderName?.trim() || 'Bank transfer',
      purpose: 'FundVirtualAccount',
      from: { bankName: event.senderBank, accountName: event.senderName, accountNumber: event.senderAccountNumber },
    },
    { read: 'GetVirtualAccount', write: 'AddVirtualAccountTransactions', updated: 'UpdateVirtualAccount' },
  );
}

/** A funding of the client's wallet, by its Paystack reference or its payment number. */
export async function findClientFunding(
  db: DbOrTx,
  walletId: string,
  key: { paymentReference?: string; paymentNumber?: string },
): Promise<WalletFundingRow> {
  const match = key.paymentReference
    ? eq(walletFundings.reference, key.paymentReference)
    : eq(walletFundings.paymentNumber, key.paymentNumber ?? '');
  const [row] = await db
    .select()
    .from(walletFundings)
    .where(and(eq(walletFundings.walletId, walletId), match));
  if (!row) throw new AppError('Payment not found', { status: 404, type: ErrorType.NotFound });
  return row;
}
