import { queryOptions } from '@tanstack/react-query';
import type { PaymentErrorView } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';
import { followUpKeys } from './keys';

type Page = { items: PaymentErrorView[]; page: number; limit: number; total: number };

/** GET /api/payment/errors: the newest 100 payment problems on record (Manager, CEO, Accountant). */
export const paymentProblemsQueryOptions = () =>
  queryOptions({
    queryKey: followUpKeys.paymentProblems(),
    queryFn: () => api.get<Page>('payment/errors', { searchParams: { limit: 100 } }),
    retry: false,
  });

/** PUT /api/payment/errors/{id}: resolved, with a note saying what was done. */
export const resolvePaymentProblem = (id: string, note: string) =>
  api.put<PaymentErrorView>(`payment/errors/${id}`, { status: 'Resolved', note });
