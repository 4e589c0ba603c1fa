import { Button, Group, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AuditAction, type AuditFilter, auditActionLabels } from '../../../../domain/schemas/audit';
import { type DataColumn, DataTable } from '../../../components/data-table';
import { DateRangeField } from '../../../components/date-range-field';
import { QueryStates } from '../../../components/query-states';
import { formatDateTime } from '../../../lib/lagos-time';
import { useDayRange } from '../../../lib/use-day-range';
import { AUDIT_PAGE_SIZE, auditExportHref, auditQueryOptions } from '../api/audit';
import { describeChanges, subjectText } from '../lib/changes';

const columns: DataColumn[] = ['When', 'Staff', 'Action', 'On', 'What changed', 'Device'].map((label) => ({
  label,
  scope: 'col' as const,
}));

const actionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

/** What staff did to money, stock and goods, filtered by dates, person and kind, and exported as CSV. */
export function AuditScreen() {
  const { range, setRange, fromDate, toDate } = useDayRange();
  const [staffId, setStaffId] = useState<string | null>(null);
  const [action, setAction] = useState<AuditAction | null>(null);
  const [page, setPage] = useState(1);
  const filter: AuditFilter = {
    fromDate,
    toDate,
    ...(staffId ? { staffId } : {}),
    ...(action ? { action } : {}),
  };
  const query = useQuery(auditQueryOptions(filter, page));
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / AUDIT_PAGE_SIZE)) : 1;
  // A new filter starts at its first page.
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="md">
      <Title order={1}>Audit trail</Title>
      <Text c="dimmed">
        Every sale, refund, hand-over, price or stock change, supply, staff change, dispatch and shift, with who did it,
        when and from which device. Records cannot be changed or removed.
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateRangeField label="Between" value={range} onChange={refilter(setRange)} width={260} />
        <Select
          label="Staff member"
          placeholder="Everyone"
          data={(query.data?.staff ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={staffId}
          onChange={refilter(setStaffId)}
          clearable
          searchable
          nothingFoundMessage="Nobody acted in these dates"
          w={{ base: '100%', xs: 220 }}
        />
        <Select
          label="Action"
          placeholder="All actions"
          data={actionOptions}
          value={action}
          onChange={refilter((v: string | null) => setAction(v as AuditAction | null))}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
        <Button component="a" href={auditExportHref(filter)} download variant="light" mih={44}>
          Export CSV
        </Button>
      </Group>

      <QueryStates
        query={query}
        of="the audit trail"
        empty={
          query.data && query.data.events.length === 0
            ? { title: 'Nothing recorded', text: 'No staff action matches these dates and filters.' }
            : null
        }
      />
      {query.data && query.data.events.length > 0 && (
        <>
          <Text size="sm" aria-live="polite">
            {query.data.total} {query.data.total === 1 ? 'record' : 'records'}
          </Text>
          <DataTable
            minWidth={760}
            columns={columns}
            striped
            verticalSpacing="xs"
            aria-label="Audit records, newest first"
          >
            {query.data.events.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                <Table.Td>{e.staffName}</Table.Td>
                <Table.Td>{auditActionLabels[e.action] ?? e.action}</Table.Td>
                <Table.Td title={e.subject ?? undefined}>{subjectText(e.subject)}</Table.Td>
                <Table.Td>{describeChanges(e.changes) || '—'}</Table.Td>
                <Table.Td>
                  <Text size="xs">{e.deviceId ?? 'No device id'}</Text>
                  <Text size="xs" c="dimmed" lineClamp={1} title={e.userAgent ?? undefined}>
                    {[e.ip, e.userAgent].filter(Boolean).join(' · ') || '—'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          {pages > 1 && (
            <Pagination
              value={page}
              onChange={setPage}
              total={pages}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
