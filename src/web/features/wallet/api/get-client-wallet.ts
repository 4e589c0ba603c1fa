import { queryOptions } from '@tanstack/react-query';
import type { ClientWallet } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { freshCopy, withOfflineCopy } from '../../../lib/offline-copy';
import { walletKeys } from './keys';

/** GET /api/wallet/client: the signed-in client's wallet, or null before one is created; saved for offline viewing. */
export const getClientWallet = () => withOfflineCopy('wallet:client', () => api.get<ClientWallet>('wallet/client'));

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
