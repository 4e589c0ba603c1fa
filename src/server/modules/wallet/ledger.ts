import { eq } from 'drizzle-orm';
import type { PaymentPurpose, WalletFundSource, WalletTransactionType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
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
 * Applies one credit or debit: locks the wallet row, refuses a debit the balance cannot cover
 * (InsufficientFund), writes the ledger row and the new balance together. Must run inside a
 * database transaction (the caller's), so the row, the balance and whatever the money pays for
 * commit or roll back as one. A reference seen before answers the first movement unchanged.
 */
export async function applyMovement(tx: DbOrTx, movement: LedgerMovement): Promise<LedgerResult> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
    throw new AppError('amount must be a whole number of kobo above 0', { status: 400, type: ErrorType.InvalidInput });
  }
  const [wallet] = await tx
    .select({ id: wallets.id, balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, movement.walletId))
    .for('update');
  if (!wallet) throw new AppError('Wallet not found', { status: 404, type: ErrorType.WalletNotFound });

  const delta = movement.type === 'Credit' ? movement.amount : -movement.amount;
  const balance = wallet.balance + delta;
  if (balance < 0) {
    // A repeat of a movement already applied answers it, even if the balance is now too small.
    const earlier = await alreadyApplied(tx, movement, wallet.balance);
    if (earlier) return earlier;
    throw new AppError('Your wallet balance is not enough for this payment', {
      status: 400,
      type: ErrorType.InsufficientFund,
      additionalInfo: { balance: wallet.balance, amount: movement.amount },
    });
  }
  if (!Number.isSafeInteger(balance)) {
    throw new AppError('The wallet balance would be too large', { status: 400, type: ErrorType.InvalidInput });
  }

  const [transaction] = await tx
    .insert(walletTransactions)
    .values({
      walletId: movement.walletId,
      reference: movement.reference,
      type: movement.type,
      status: 'completed',
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
    })
    // Under the wallet lock, a reference already in the ledger (a second delivery of the same
    // webhook, a retried payment) inserts nothing: the first movement is answered below.
    .onConflictDoNothing({ target: walletTransactions.reference })
    .returning();
  if (!transaction) {
    const earlier = await alreadyApplied(tx, movement, wallet.balance);
    if (earlier) return earlier;
    throw new AppError('The wallet could not be updated');
  }
  await tx.update(wallets).set({ balance }).where(eq(wallets.id, movement.walletId));
  return { applied: true, transaction, balance };
}

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
