import { queryOptions } from '@tanstack/react-query';
import { getWalletTransactions } from './client-wallet';
import { walletKeys } from './keys';

export { getWalletTransactions };

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
