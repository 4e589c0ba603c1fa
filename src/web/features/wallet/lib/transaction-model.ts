// A wallet transaction as the wallet's screens list it, decided once for the app's list
// (components/transactions-list.tsx) and the wallet's first view (light/): its texts and the
// theme colour of its status.
import { formatDate, formatNaira } from '../../../../domain/format';
import type { WalletTransaction } from '../../../../domain/schemas/wallet';

/** The theme colour (a Mantine colour name) of each transaction status. */
export const transactionStatusColor: Record<WalletTransaction['status'], 'green' | 'yellow' | 'red'> = {
  completed: 'green',
  success: 'green',
  pending: 'yellow',
  failed: 'red',
};

export const NO_TRANSACTIONS_TEXT = 'No transactions yet. Add funds or send a transfer to your account number.';

/** Where the last word of a name starts: an order number there never breaks. */
const lastWordAt = (name: string) => name.lastIndexOf(' ') + 1;

export function transactionView(t: WalletTransaction) {
  const credit = t.type === 'Credit';
  const cut = lastWordAt(t.displayName);
  return {
    credit,
    /** The accessible name of the row: "Credit ₦400.00". */
    name: `${t.type} ${formatNaira(t.amount)}`,
    /** The display name, split where it may wrap: never inside its last word. */
    title: [t.displayName.slice(0, cut), t.displayName.slice(cut)] as const,
    kind: credit ? 'credit' : 'debit',
    status: t.status,
    statusColor: transactionStatusColor[t.status],
    meta: `${formatDate(t.createdAt)}${t.from.bankName ? ` · ${t.from.bankName}` : ''}`,
    amount: `${credit ? '+' : '−'}${formatNaira(t.amount)}`,
  };
}
