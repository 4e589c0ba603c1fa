import { queryOptions } from '@tanstack/react-query';
import type { AppData } from '../../../../domain/schemas/app';
import { api } from '../../../lib/api-client';
import { paymentKeys } from './keys';

export type PaymentMode = AppData['paymentMode'];

/** Sandbox (the built-in emulator's checkout) or live (Paystack's inline pop-up). */
export async function getPaymentMode(): Promise<PaymentMode> {
  const data = await api.get<AppData>('app/data');
  return data.paymentMode;
}

export const paymentModeQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.mode(),
    queryFn: getPaymentMode,
    staleTime: Number.POSITIVE_INFINITY,
    // Offline the call fails at once (and the screen says so) instead of waiting paused.
    networkMode: 'always',
  });
