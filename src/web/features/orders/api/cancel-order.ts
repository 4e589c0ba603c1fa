import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { freshCopy } from '../../../lib/offline-copy';
import { putCached } from '../../../lib/saved-copies';
import { useMutation } from '../../../lib/use-mutation';
import { orderDetailCacheKey } from './client-orders';
import { orderQueryOptions } from './get-order';
import { orderKeys } from './keys';

/** GET /api/order/cancel/{id} (a GET; the server also wants x-platform, so a link cannot cancel). */
export const cancelOrder = (orderId: string) => api.get<Order>(`order/cancel/${encodeURIComponent(orderId)}`);

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryOptions(order.orderNumber).queryKey, freshCopy(order));
      await putCached('orders', orderDetailCacheKey(order.orderNumber), order).catch(() => {});
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
