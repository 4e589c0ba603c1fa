import { and, eq, sql } from 'drizzle-orm';
import type { PaymentPurpose, WalletFundSource, WalletTransactionType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { type WalletTransactionRow, wallets, walletTransactions } from './tables';

export type LedgerMovement = {
  walletId: string;
  /** Unique across the ledger: the same reference never moves money twice. */
  reference: string;
  type: WalletTransactionType;
  /** Kobo, above 0. */
  amount: number;
  purpose: PaymentPurpose;
  displayName: string;
  source?: WalletFundSource | null;
  fromBankName?: string | null;
  fromAccountName?: string | null;
  fromAccountNumber?: string | null;
  orderId?: string | null;
  paymentId?: string | null;
};

export type LedgerResult = {
  /** False when the reference had already been applied: nothing moved this time. */
  applied: boolean;
  transaction: WalletTransactionRow;
  /** The wallet's balance after this call. */
  balance: number;
};

/**
 * Applies one credit or debit: moves the balance in one locking UPDATE that refuses a debit the
 * balance cannot cover (InsufficientFund), then writes the ledger row with the balance after it.
 * Must run inside a database transaction (the caller's), so the row, the balance and whatever the
 * money pays for commit or roll back as one. A reference seen before answers the first movement
 * unchanged (its balance change undone in the same transaction).
 *
 * The UPDATE takes the wallet's row lock and checks the balance on the latest committed row, as
 * the SELECT … FOR UPDATE then UPDATE it replaces did, in one statement fewer.
 */
export async function applyMovement(tx: DbOrTx, movement: LedgerMovement): Promise<LedgerResult> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
    throw new AppError('amount must be a whole number of kobo above 0', { status: 400, type: ErrorType.InvalidInput });
  }
  const delta = movement.type === 'Credit' ? movement.amount : -movement.amount;
  const [moved] = await (movement.type === 'Credit' ? creditBalance : debitBalance).run(tx, {
    walletId: movement.walletId,
    amount: movement.amount,
    now: new Date().toISOString(),
  });
  if (!moved) {
    // Nothing moved: no such wallet, or a debit above the balance (read now, under the lock).
    const [wallet] = await tx
      .select({ balance: wallets.balance })
      .from(wallets)
      .where(eq(wallets.id, movement.walletId))
      .for('update');
    if (!wallet) throw new AppError('Wallet not found', { status: 404, type: ErrorType.WalletNotFound });
    // A repeat of a movement already applied answers it, even if the balance is now too small.
    const earlier = await alreadyApplied(tx, movement, wallet.balance);
    if (earlier) return earlier;
    throw new AppError('Your wallet balance is not enough for this payment', {
      status: 400,
      type: ErrorType.InsufficientFund,
      additionalInfo: { balance: wallet.balance, amount: movement.amount },
    });
  }
  const balance = moved.balance;
  if (!Number.isSafeInteger(balance)) {
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - ${delta}` })
      .where(eq(wallets.id, movement.walletId));
    throw new AppError('The wallet balance would be too large', { status: 400, type: ErrorType.InvalidInput });
  }

  // Under the wallet lock, a reference already in the ledger (a second delivery of the same
  // webhook, a retried payment) inserts nothing: the balance change is undone and the first
  // movement answered.
  const [transaction] = await insertLedgerRow.run(tx, {
    walletId: movement.walletId,
    reference: movement.reference,
    type: movement.type,
    amount: movement.amount,
    balanceAfter: balance,
    purpose: movement.purpose,
    source: movement.source ?? null,
    displayName: movement.displayName,
    fromBankName: movement.fromBankName ?? null,
    fromAccountName: movement.fromAccountName ?? null,
    fromAccountNumber: movement.fromAccountNumber ?? null,
    orderId: movement.orderId ?? null,
    paymentId: movement.paymentId ?? null,
  });
  if (!transaction) {
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - ${delta}` })
      .where(eq(wallets.id, movement.walletId));
    const earlier = await alreadyApplied(tx, movement, balance - delta);
    if (earlier) return earlier;
    throw new AppError('The wallet could not be updated');
  }
  return { applied: true, transaction, balance };
}

// Every movement of money runs these two: built once (db/statement.ts).
const value = (name: string) => sql.placeholder(name);
const creditBalance = statement('wallet_credit_balance', (db) =>
  db
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${value('amount')}::bigint`,
      updatedAt: sql`${value('now')}::timestamptz`,
    })
    .where(eq(wallets.id, value('walletId')))
    .returning({ balance: wallets.balance }),
);
const debitBalance = statement('wallet_debit_balance', (db) =>
  db
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} - ${value('amount')}::bigint`,
      updatedAt: sql`${value('now')}::timestamptz`,
    })
    .where(and(eq(wallets.id, value('walletId')), sql`${wallets.balance} >= ${value('amount')}::bigint`))
    .returning({ balance: wallets.balance }),
);
const insertLedgerRow = statement('wallet_insert_ledger_row', (db) =>
  db
    .insert(walletTransactions)
    .values({
      walletId: value('walletId'),
      reference: value('reference'),
      type: value('type'),
      status: 'completed',
      amount: value('amount'),
      balanceAfter: value('balanceAfter'),
      purpose: value('purpose'),
      source: value('source'),
      displayName: value('displayName'),
      fromBankName: value('fromBankName'),
      fromAccountName: value('fromAccountName'),
      fromAccountNumber: value('fromAccountNumber'),
      orderId: value('orderId'),
      paymentId: value('paymentId'),
    })
    .onConflictDoNothing({ target: walletTransactions.reference })
    .returning(),
);

/** The movement with this reference, if one was applied before (the same one, or a Conflict). */
async function alreadyApplied(tx: DbOrTx, movement: LedgerMovement, balance: number): Promise<LedgerResult | null> {
  const [seen] = await tx.select().from(walletTransactions).where(eq(walletTransactions.reference, movement.reference));
  if (!seen) return null;
  if (seen.walletId !== movement.walletId || seen.type !== movement.type || seen.amount !== movement.amount) {
    throw new AppError('This reference was already used for another wallet movement', {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reference: movement.reference },
    });
  }
  return { applied: false, transaction: seen, balance };
}

export const credit = (tx: DbOrTx, movement: Omit<LedgerMovement, 'type'>) =>
  applyMovement(tx, { ...movement, type: 'Credit' });

export const debit = (tx: DbOrTx, movement: Omit<LedgerMovement, 'type'>) =>
  applyMovement(tx, { ...movement, type: 'Debit' });
