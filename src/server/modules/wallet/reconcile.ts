import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type WalletDifference = {
  walletId: string;
  walletNumber: string;
  /** Kobo, as stored on the wallet. */
  balance: number;
  /** Kobo: Σ completed credits − Σ completed debits. */
  ledgerBalance: number;
  difference: number;
};

export type ReconcileReport = {
  walletsChecked: number;
  transactionsChecked: number;
  differences: WalletDifference[];
};

/** The ledger statuses that moved money ('success' is the enum's other spelling of done). */
const DONE = sql`('completed', 'success')`;

/**
 * Proves balance = Σ completed credits − Σ completed debits for every wallet, in one snapshot
 * (a repeatable-read transaction where the driver allows it), and lists every wallet that differs.
 */
export async function reconcileWallets(db: DbOrTx): Promise<ReconcileReport> {
  const result = await db.execute<{
    wallet_id: string;
    wallet_number: string;
    balance: string;
    ledger_balance: string;
    transactions: string;
  }>(sql`
    select w.id as wallet_id,
           w.wallet_number,
           w.balance::text as balance,
           coalesce(sum(case when t.type = 'Credit' and t.status in ${DONE} then t.amount
                             when t.type = 'Debit' and t.status in ${DONE} then -t.amount
                             else 0 end), 0)::text as ledger_balance,
           count(t.id)::text as transactions
      from wallets w
      left join wallet_transactions t on t.wallet_id = w.id
     group by w.id, w.wallet_number, w.balance
     order by w.wallet_number`);
  const differences: WalletDifference[] = [];
  let transactionsChecked = 0;
  for (const row of result.rows) {
    const balance = Number(row.balance);
    const ledgerBalance = Number(row.ledger_balance);
    transactionsChecked += Number(row.transactions);
    if (balance !== ledgerBalance || balance < 0) {
      differences.push({
        walletId: row.wallet_id,
        walletNumber: row.wallet_number,
        balance,
        ledgerBalance,
        difference: balance - ledgerBalance,
      });
    }
  }
  return { walletsChecked: result.rows.length, transactionsChecked, differences };
}
