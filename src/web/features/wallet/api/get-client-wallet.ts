import { queryOptions } from '@tanstack/react-query';
import type { ClientWallet } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { walletKeys } from './keys';

/** GET /api/wallet/client: the signed-in client's wallet, or null before one is created. */
export const getClientWallet = () => api.get<ClientWallet>('wallet/client');

// Money moves outside this screen (webhooks, order payments): refetch each time it mounts.
export const clientWalletQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.client(), queryFn: getClientWallet, staleTime: 0 });
