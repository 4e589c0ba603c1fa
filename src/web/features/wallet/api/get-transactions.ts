import { queryOptions } from '@tanstack/react-query';
import type { WalletTransaction } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

/** GET /api/wallet/transactions, newest first. */
export const getWalletTransactions = () => api.get<WalletTransaction[]>('wallet/transactions');

// Money moves outside this screen (webhooks, order payments): refetch each time it mounts.
export const walletTransactionsQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.transactions(), queryFn: getWalletTransactions, staleTime: 0 });
