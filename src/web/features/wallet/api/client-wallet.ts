// The wallet's reads without the app's query cache: the app's queries (get-client-wallet.ts,
// get-transactions.ts) and the wallet's first view (features/wallet/light) ask them the same way.
import type { ClientWallet, WalletTransaction } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { type Cached, withOfflineCopy } from '../../../lib/offline-copy';

/** GET /api/wallet/client: the signed-in client's wallet, or null before one is created; saved for offline viewing. */
export const getClientWallet = () => withOfflineCopy('wallet:client', () => api.get<ClientWallet>('wallet/client'));

/** GET /api/wallet/transactions, newest first; saved for offline viewing. */
export const getWalletTransactions = () =>
  withOfflineCopy('wallet:transactions', () => api.get<WalletTransaction[]>('wallet/transactions'));

let readBeforeApp: Cached<ClientWallet> | null = null;

/**
 * The wallet's first view read the wallet, found none, and hands the page to the app (the create
 * flow is the app's): the app's first drawing takes this answer instead of asking again, so the
 * screen does not wait on a second read with a loader.
 */
export function handWalletReadToApp(read: Cached<ClientWallet>): void {
  readBeforeApp = read;
}

/** The answer the first view handed over, once; null when there is none. */
export function takeWalletReadFromFirstView(): Cached<ClientWallet> | null {
  const read = readBeforeApp;
  readBeforeApp = null;
  return read;
}
