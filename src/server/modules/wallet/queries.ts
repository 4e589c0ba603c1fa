import { and, desc, eq } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Wallet, WalletTransaction } from '../../../domain/schemas/wallet';
import type { DbOrTx } from '../../db/client';
import { type WalletRow, type WalletTransactionRow, wallets, walletTransactions } from './tables';

export const walletNotFound = () =>
  new AppError('You do not have a wallet yet', { status: 404, type: ErrorType.WalletNotFound });

/** A debit the balance cannot cover: what the wallet holds, and what was asked (kobo). */
export const insufficientFund = (balance: number, amount: number) =>
  new AppError('Your wallet balance is not enough for this payment', {
    status: 400,
    type: ErrorType.InsufficientFund,
    additionalInfo: { balance, amount },
  });

/** The client's wallet once its virtual account is assigned; a half-created one counts as none. */
export async function findActiveWallet(db: DbOrTx, clientId: string): Promise<WalletRow | null> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.clientId, clientId), eq(wallets.status, 'active')));
  return row ?? null;
}

export async function requireActiveWallet(db: DbOrTx, clientId: string): Promise<WalletRow> {
  const row = await findActiveWallet(db, clientId);
  if (!row) throw walletNotFound();
  return row;
}

/** A wallet row as the API shows it. */
export function toWallet(row: WalletRow): Wallet {
  return {
    walletNumber: row.walletNumber,
    balance: row.balance,
    virtualAccount: {
      bankName: row.bankName ?? '',
      accountNumber: row.accountNumber ?? '',
      accountName: row.accountName ?? '',
    },
    client: { firstname: row.firstname, lastname: row.lastname },
  };
}

/** A ledger row as the API shows it: a wallet transaction. */
export function toWalletTransaction(row: WalletTransactionRow): WalletTransaction {
  return {
    id: row.id,
    amount: row.amount,
    purpose: row.purpose,
    status: row.status,
    type: row.type,
    source: row.source,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
    from: { bankName: row.fromBankName },
  };
}

/** Newest first; a wallet's history is short enough for one page at this size of business. */
export const TRANSACTIONS_PAGE = 200;

export async function listWalletTransactions(db: DbOrTx, walletId: string): Promise<WalletTransactionRow[]> {
  return db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.walletId, walletId))
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(TRANSACTIONS_PAGE);
}

/** Scoped by wallet: another client's transaction id answers 404 like an unknown one. */
export async function getWalletTransaction(db: DbOrTx, walletId: string, id: string): Promise<WalletTransactionRow> {
  const [row] = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.walletId, walletId), eq(walletTransactions.id, id)));
  if (!row) throw new AppError('Transaction not found', { status: 404, type: ErrorType.NotFound });
  return row;
}
