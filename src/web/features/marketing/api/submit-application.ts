import { useMutation } from '@tanstack/react-query';
import type { ApplicationBody, LeadReceipt } from '../../../../domain/schemas/leads';
import { api } from '../../../lib/api-client';
import { leadKeys } from './lead-keys';

/** POST /api/leads/application: a rider or driver sign-up. */
export function submitApplication(body: ApplicationBody, idempotencyKey: string) {
  return api.post<LeadReceipt>('leads/application', body, { idempotencyKey });
}

export function useSubmitApplication(role: ApplicationBody['role']) {
  return useMutation({
    mutationKey: leadKeys.application(role),
    mutationFn: ({ body, idempotencyKey }: { body: ApplicationBody; idempotencyKey: string }) =>
      submitApplication(body, idempotencyKey),
  });
}
