import { queryOptions } from '@tanstack/react-query';
import { getOrderQr } from './client-orders';
import { orderKeys } from './keys';

export const orderQrQueryOptions = (orderNumber: string, orderId: string) =>
  queryOptions({
    queryKey: orderKeys.qr(orderNumber),
    queryFn: () => getOrderQr(orderNumber, orderId),
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
  });
