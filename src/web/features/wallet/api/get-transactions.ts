import { queryOptions } from '@tanstack/react-query';
import type { WalletTransaction } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { withOfflineCopy } from '../../../lib/offline-copy';
import { walletKeys } from './keys';

/** GET /api/wallet/transactions, newest first; saved for offline viewing. */
export const getWalletTransactions = () =>
  withOfflineCopy('wallet:transactions', () => api.get<WalletTransaction[]>('wallet/transactions'));

// Money moves outside this screen (webhooks, order payments): refetch each time it mounts, and when
// the page is looked at again (back from the bank's app after a transfer).
export const walletTransactionsQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.transactions(),
    queryFn: getWalletTransactions,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    networkMode: 'always',
  });
