// The wallet's reads without the app's query cache: the app's queries (get-client-wallet.ts,
// get-transactions.ts) and the wallet's first view (features/wallet/light) ask them the same way.
import type { ClientWallet, WalletTransaction } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';

/** GET /api/wallet/client: the signed-in client's wallet, or null before one is created; saved for offline viewing. */
export const getClientWallet = () => withOfflineCopy('wallet:client', () => api.get<ClientWallet>('wallet/client'));

/** GET /api/wallet/transactions, newest first; saved for offline viewing. */
export const getWalletTransactions = () =>
  withOfflineCopy('wallet:transactions', () => api.get<WalletTransaction[]>('wallet/transactions'));
