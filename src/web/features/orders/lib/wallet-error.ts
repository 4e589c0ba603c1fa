import { ApiError } from '../../../lib/api-client';

/** What to tell the client when paying from the wallet fails, by the server's error type. */
export function walletPaymentMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.type === 'InsufficientFund') {
      return 'Your wallet balance is too low for this order. Add funds to your wallet or pay by card.';
    }
    if (error.type === 'WalletNotFound') {
      return "You don't have a wallet yet. Create one on the Wallet page, or pay by card.";
    }
    if (error.isNetworkError) return 'No connection: check your network and try again.';
    return error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong, pls try again';
}
