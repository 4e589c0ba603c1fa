import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { walletFundings, wallets, walletTransactions } from './tables';

/** The client's wallet, its whole ledger and its fundings, as exported (null: no wallet). */
export async function walletRecords(db: DbOrTx, clientId: string) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.clientId, clientId));
  if (!wallet) return null;
  const [ledger, fundings] = await Promise.all([
    db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.walletId, wallet.id))
      .orderBy(asc(walletTransactions.createdAt)),
    db
      .select()
      .from(walletFundings)
      .where(eq(walletFundings.walletId, wallet.id))
      .orderBy(asc(walletFundings.createdAt)),
  ]);
  // The gateway's customer code is the company's handle at Paystack, not the client's data.
  const { paystackCustomerCode: _, ...shown } = wallet;
  return { wallet: shown, ledger, fundings };
}

/** The client's wallet balance in kobo (0 without a wallet), read under the wallet row's lock. */
export async function lockedWalletBalance(tx: DbOrTx, clientId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.clientId, clientId))
    .for('update');
  return row?.balance ?? 0;
}

/**
 * Puts the wallet under the pseudonym: the holder's names and email go; the wallet number, the
 * balance (zero: an erasure waits until it is) and the append-only ledger stay, so every
 * balance still equals its ledger.
 */
export async function eraseWalletHolder(tx: DbOrTx, clientId: string, pseudonym: string, email: string): Promise<void> {
  await tx
    .update(wallets)
    .set({ firstname: pseudonym, lastname: pseudonym, email, accountName: pseudonym })
    .where(eq(wallets.clientId, clientId));
}
