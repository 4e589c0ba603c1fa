import { queryOptions } from '@tanstack/react-query';
import { getOrderPayments } from './client-payments';
import { paymentKeys } from './keys';

export const orderPaymentsQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: paymentKeys.orderPayments(orderNumber),
    queryFn: () => getOrderPayments(orderNumber),
    retry: false,
  });
