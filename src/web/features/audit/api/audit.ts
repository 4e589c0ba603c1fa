import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditFilter, AuditList } from '../../../../domain/schemas/audit';
import { api } from '../../../lib/api-client';

export const AUDIT_PAGE_SIZE = 50;

/** Query keys of the audit trail, general → specific. */
export const auditKeys = {
  all: ['audit'] as const,
  list: (filter: AuditFilter, page: number) => [...auditKeys.all, 'list', filter, page] as const,
};

const paramsOf = (filter: AuditFilter) => ({
  fromDate: filter.fromDate,
  toDate: filter.toDate,
  staffId: filter.staffId,
  action: filter.action,
});

/** GET /api/audit: one page of the trail, newest first (CEO, Manager). */
export const auditQueryOptions = (filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: auditKeys.list(filter, page),
    queryFn: () =>
      api.get<AuditList>('audit', {
        searchParams: { ...paramsOf(filter), limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });

/** GET /api/audit/export: the same filter as a CSV file, downloaded by the browser with its cookie. */
export function auditExportHref(filter: AuditFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(paramsOf(filter))) if (value) params.set(name, value);
  const query = params.toString();
  return `/api/audit/export${query ? `?${query}` : ''}`;
}
