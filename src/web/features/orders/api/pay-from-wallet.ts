import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { orderKeys } from './keys';

/** POST /api/payment/wallet (the wallet area): pays the order from the wallet balance. */
export const payFromWallet = ({ orderNumber, idempotencyKey }: { orderNumber: string; idempotencyKey: string }) =>
  api.post<unknown>('payment/wallet', { orderNumber }, { idempotencyKey });

export function usePayFromWallet(orderNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payFromWallet,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNumber) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
