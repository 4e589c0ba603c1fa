import { queryOptions } from '@tanstack/react-query';
import type { PaymentView } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** GET payment/order/{orderNumber}: the payments of one of the client's orders, newest first. */
export function getOrderPayments(orderNumber: string): Promise<PaymentView[]> {
  return api.get<PaymentView[]>(`payment/order/${encodeURIComponent(orderNumber)}`);
}

export const orderPaymentsQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: paymentKeys.orderPayments(orderNumber),
    queryFn: () => getOrderPayments(orderNumber),
    retry: false,
  });
