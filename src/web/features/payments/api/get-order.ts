import { queryOptions } from '@tanstack/react-query';
import type { Order } from '../../../../domain/schemas/order';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** GET order/{orderNumber}: what the cancelled and failed screens show about the order. */
export function getOrder(orderNumber: string): Promise<Order> {
  return api.get<Order>(`order/${encodeURIComponent(orderNumber)}`);
}

export const orderQueryOptions = (orderNumber: string) =>
  queryOptions({ queryKey: paymentKeys.order(orderNumber), queryFn: () => getOrder(orderNumber), retry: false });
