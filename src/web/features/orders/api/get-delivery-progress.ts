import { queryOptions } from '@tanstack/react-query';
import type { DeliveryProgress } from '../../../../domain/schemas/delivery';
import { api } from '../../../lib/api-client';
import { orderKeys } from './keys';

/** GET /api/delivery/progress/{orderId}: the delivery's steps, rider's first name and distance. */
export const deliveryProgressQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'delivery', orderId] as const,
    queryFn: () => api.get<DeliveryProgress>(`delivery/progress/${encodeURIComponent(orderId)}`),
    retry: false,
  });
