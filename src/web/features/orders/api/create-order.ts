import { useQueryClient } from '@tanstack/react-query';
import type { NewOrderInput, Order } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { freshCopy } from '../../../lib/offline-copy';
import { useMutation } from '../../../lib/use-mutation';
import { orderQueryOptions } from './get-order';
import { catalogueKeys, orderKeys } from './keys';

/** POST /api/order/new with the checkout's Idempotency-Key: a retried checkout creates one order. */
export const createOrder = ({ input, idempotencyKey }: { input: NewOrderInput; idempotencyKey: string }) =>
  api.post<Order>('order/new', input, { idempotencyKey });

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.orderNumber).queryKey, freshCopy(order));
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
  });
}
