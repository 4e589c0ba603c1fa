import type { InterestLeadBody, LeadReceipt } from '../../../../domain/schemas/leads';
import { postLead } from './post-lead';

/** POST /api/leads/interest; the key makes a retried submission count once. */
export function submitInterest(body: InterestLeadBody, idempotencyKey: string, signal?: AbortSignal) {
  return postLead<LeadReceipt>('interest', body, idempotencyKey, signal);
}
