import { queryOptions } from '@tanstack/react-query';
import type { PaymentView } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

/** GET payment/verify/{paymentNumber}: the server asks Paystack while the payment is unsettled. */
export function verifyPayment(paymentNumber: string): Promise<PaymentView> {
  return api.get<PaymentView>(`payment/verify/${encodeURIComponent(paymentNumber)}`);
}

export const verifyPaymentQueryOptions = (paymentNumber: string) =>
  queryOptions({
    queryKey: paymentKeys.verify(paymentNumber),
    queryFn: () => verifyPayment(paymentNumber),
    retry: false,
    // Offline the call fails at once (and the screen says so) instead of waiting paused.
    networkMode: 'always',
  });

/** Settled and the order paid (or the wallet credited). */
export const isPaymentComplete = (p: PaymentView | undefined) => p?.status === 'success' && p.valueGiven;
/** Still worth asking again (polled while Pending). */
export const isPaymentPending = (p: PaymentView | undefined) =>
  p?.status === 'pending' ||
  p?.status === 'ongoing' ||
  p?.status === 'queued' ||
  (p?.status === 'success' && !p.valueGiven);
