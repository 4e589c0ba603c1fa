import type { ApplicationBody, LeadReceipt } from '../../../../domain/schemas/leads';
import { postLead } from './post-lead';

/** POST /api/leads/application: a rider or driver sign-up. */
export function submitApplication(body: ApplicationBody, idempotencyKey: string, signal?: AbortSignal) {
  return postLead<LeadReceipt>('application', body, idempotencyKey, signal);
}
