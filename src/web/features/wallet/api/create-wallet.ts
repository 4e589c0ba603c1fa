import { useQueryClient } from '@tanstack/react-query';
import type { CreateWalletBody, Wallet } from '../../../../domain/schemas/wallet';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { walletCopy } from './get-client-wallet';
import { walletKeys } from './keys';

/** POST /api/wallet/create: the wallet and its dedicated virtual account. */
export const createWallet = ({ body, idempotencyKey }: { body: CreateWalletBody; idempotencyKey: string }) =>
  api.post<Wallet>('wallet/create', body, { idempotencyKey });

export function useCreateWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWallet,
    onSuccess: (wallet) => {
      queryClient.setQueryData(walletKeys.client(), walletCopy(wallet));
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
  });
}
