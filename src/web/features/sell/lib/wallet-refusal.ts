import { formatNaira } from '../../../../domain/format';
import { ApiError } from '../../../lib/api-client';

/**
 * The wallet's refusals, worded for the associate (the server words them for the wallet's owner):
 * what the customer's wallet holds against the sale, or that they have none.
 */
export function walletRefusal(error: Error): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.type === 'WalletNotFound') {
    return 'This customer has no Arrive wallet. Take cash or POS/transfer, or they can create one in the app.';
  }
  if (error.type !== 'InsufficientFund') return null;
  const { balance, amount } = (error.additionalInfo ?? {}) as { balance?: unknown; amount?: unknown };
  if (typeof balance !== 'number' || typeof amount !== 'number') {
    return "The customer's wallet does not hold enough for this sale. Take cash or POS/transfer.";
  }
  return `The customer's wallet holds ${formatNaira(balance)}, ${formatNaira(amount - balance)} short of this sale. Take cash or POS/transfer, or the customer tops up first.`;
}
