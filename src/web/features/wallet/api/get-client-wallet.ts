import { queryOptions } from '@tanstack/react-query';
import type { ClientWallet } from '../../../../domain/schemas/wallet';
import { freshCopy } from '../../../lib/offline-copy';
import { getClientWallet } from './client-wallet';
import { walletKeys } from './keys';

export { getClientWallet };

// Money moves outside this screen (webhooks, order payments): refetch each time it mounts, and when
// the page is looked at again (back from the bank's app after a transfer).
export const clientWalletQueryOptions = () =>
  queryOptions({
    queryKey: walletKeys.client(),
    queryFn: getClientWallet,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    // Run offline too: the fetcher answers the copy saved on the device, with its age.
    networkMode: 'always',
  });

/** The cache entry for a wallet the server just answered (after creating it). */
export const walletCopy = (wallet: ClientWallet['wallet']) => freshCopy<ClientWallet>({ wallet });
