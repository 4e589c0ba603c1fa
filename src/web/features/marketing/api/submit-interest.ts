import { useMutation } from '@tanstack/react-query';
import type { InterestLeadBody, LeadReceipt } from '../../../../domain/schemas/leads';
import { api } from '../../../lib/api-client';
import { leadKeys } from './lead-keys';

/** POST /api/leads/interest; the key makes a retried submission count once. */
export function submitInterest(body: InterestLeadBody, idempotencyKey: string) {
  return api.post<LeadReceipt>('leads/interest', body, { idempotencyKey });
}

export function useSubmitInterest(service: string) {
  return useMutation({
    mutationKey: leadKeys.interest(service),
    mutationFn: ({ body, idempotencyKey }: { body: InterestLeadBody; idempotencyKey: string }) =>
      submitInterest(body, idempotencyKey),
  });
}
