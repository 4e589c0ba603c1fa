import { eq, type SQL, sql } from 'drizzle-orm';
import type { PaymentPurpose, WalletFundSource, WalletTransactionType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { rawStatement, rowMapper, value } from '../../db/statement';
import { insufficientFund } from './queries';
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
 * the SELECT … FOR UPDATE then UPDATE it replaces did; the ledger row is written by the same
 * statement, only when the balance moved.
 */
export async function applyMovement(tx: DbOrTx, movement: LedgerMovement): Promise<LedgerResult> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
    throw new AppError('amount must be a whole number of kobo above 0', { status: 400, type: ErrorType.InvalidInput });
  }
  const delta = movement.type === 'Credit' ? movement.amount : -movement.amount;
  // The balance and the ledger row in one statement: the row is written only when the balance
  // moved, with the balance after it.
  const [written] = await (movement.type === 'Credit' ? creditWithRow : debitWithRow).run(tx, {
    walletId: movement.walletId,
    reference: movement.reference,
    type: movement.type,
    amount: movement.amount,
    purpose: movement.purpose,
    source: movement.source ?? null,
    displayName: movement.displayName,
    fromBankName: movement.fromBankName ?? null,
    fromAccountName: movement.fromAccountName ?? null,
    fromAccountNumber: movement.fromAccountNumber ?? null,
    orderId: movement.orderId ?? null,
    paymentId: movement.paymentId ?? null,
    now: new Date().toISOString(),
  });
  if (written?.balance === null || written?.balance === undefined) {
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
    throw insufficientFund(wallet.balance, movement.amount);
  }
  const balance = Number(written.balance);
  if (!Number.isSafeInteger(balance)) {
    // Refused: the caller's transaction rolls back with the balance and the row (the ledger
    // itself cannot be edited).
    throw new AppError('The wallet balance would be too large', { status: 400, type: ErrorType.InvalidInput });
  }
  if (!written.entry) {
    // Under the wallet lock, a reference already in the ledger (a second delivery of the same
    // webhook, a retried payment) inserted nothing: the balance change is undone and the first
    // movement answered.
    await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} - ${delta}` })
      .where(eq(wallets.id, movement.walletId));
    const earlier = await alreadyApplied(tx, movement, balance - delta);
    if (earlier) return earlier;
    throw new AppError('The wallet could not be updated');
  }
  return { applied: true, transaction: toLedgerRow(written.entry), balance };
}

// Every movement of money runs one of these: built once (db/statement.ts).
type Written = { balance: string | null; entry: Record<string, unknown> | null };
const toLedgerRow = rowMapper(walletTransactions);
const movementWithRow = (name: string, move: SQL) =>
  rawStatement<Written>(
    name,
    sql`with moved as (
      ${move}
      returning balance
    ), entry as (
      insert into ${walletTransactions} (wallet_id, reference, type, status, amount, balance_after, purpose, source,
        display_name, from_bank_name, from_account_name, from_account_number, order_id, payment_id)
      select ${value('walletId')}::uuid, ${value('reference')}, ${value('type')}, 'completed', ${value('amount')}::bigint,
        moved.balance, ${value('purpose')}, ${value('source')}, ${value('displayName')}, ${value('fromBankName')},
        ${value('fromAccountName')}, ${value('fromAccountNumber')}, ${value('orderId')}::uuid, ${value('paymentId')}
      from moved
      on conflict (reference) do nothing
      returning *
    )
    select (select balance::text from moved) as balance, (select row_to_json(entry) from entry) as entry`,
  );
const creditWithRow = movementWithRow(
  'wallet_credit_with_row',
  sql`update ${wallets} set balance = balance + ${value('amount')}::bigint, updated_at = ${value('now')}::timestamptz
      where id = ${value('walletId')}::uuid`,
);
const debitWithRow = movementWithRow(
  'wallet_debit_with_row',
  sql`update ${wallets} set balance = balance - ${value('amount')}::bigint, updated_at = ${value('now')}::timestamptz
      where id = ${value('walletId')}::uuid and balance >= ${value('amount')}::bigint`,
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
