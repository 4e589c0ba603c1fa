import { queryOptions } from '@tanstack/react-query';
import type { CheckoutDetails } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/**
 * POST payment/initiate/order. The server hands out the still-pending checkout of the order if
 * there is one, so asking again (a remount, a retry) never opens a second transaction.
 */
export function initiateOrderPayment(orderNumber: string, idempotencyKey: string): Promise<CheckoutDetails> {
  return api.post<CheckoutDetails>('payment/initiate/order', { orderNumber }, { idempotencyKey });
}

/** As a query: StrictMode's double mount and the Try again button share one request. */
export const initiateOrderPaymentQueryOptions = (orderNumber: string, idempotencyKey: string) =>
  queryOptions({
    queryKey: paymentKeys.checkout(orderNumber),
    queryFn: () => initiateOrderPayment(orderNumber, idempotencyKey),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    // Offline the call fails at once (and the screen says so) instead of waiting paused.
    networkMode: 'always',
  });
