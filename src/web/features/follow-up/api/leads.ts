import { queryOptions } from '@tanstack/react-query';
import type { LeadList, LeadView } from '../../../../domain/schemas/leads';
import { api } from '../../../lib/api-client';
import { followUpKeys } from './keys';

export type LeadFilter = 'open' | 'contacted' | 'all';

/** GET /api/leads: register-interest forms and rider / driver applications (Manager, CEO). */
export const leadsQueryOptions = (filter: LeadFilter) =>
  queryOptions({
    queryKey: followUpKeys.leads(filter),
    queryFn: () =>
      api.get<LeadList>('leads', { searchParams: { limit: 200, contact: filter === 'all' ? undefined : filter } }),
    retry: false,
  });

/** POST /api/leads/{id}/contacted: recorded once; a second call answers the lead as first recorded. */
export const markLeadContacted = (id: string, note: string, idempotencyKey: string) =>
  api.post<LeadView>(`leads/${id}/contacted`, note ? { note } : {}, { idempotencyKey });
