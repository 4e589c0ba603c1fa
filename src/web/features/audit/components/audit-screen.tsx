import { Alert, Button, Center, Group, Loader, Pagination, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lagosDateKey } from '../../../../domain/format';
import { type AuditAction, type AuditFilter, auditActionLabels } from '../../../../domain/schemas/audit';
import { formatDateTime } from '../../../lib/lagos-time';
import { AUDIT_PAGE_SIZE, auditExportHref, auditQueryOptions } from '../api/audit';
import { describeChanges } from '../lib/changes';

type Range = [string | null, string | null];

const actionOptions = Object.entries(auditActionLabels).map(([value, label]) => ({ value, label }));

/** What staff did to money, stock and goods, filtered by dates, person and kind, and exported as CSV. */
export function AuditScreen() {
  const today = lagosDateKey(new Date());
  const [range, setRange] = useState<Range>([today, today]);
  const [staffId, setStaffId] = useState<string | null>(null);
  const [action, setAction] = useState<AuditAction | null>(null);
  const [page, setPage] = useState(1);
  const filter: AuditFilter = {
    fromDate: range[0] ?? today,
    toDate: range[1] ?? range[0] ?? today,
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
        <DatePickerInput
          type="range"
          label="Between"
          valueFormat="DD/MM/YYYY"
          value={range}
          onChange={refilter((v) => setRange(v as Range))}
          allowSingleDateInRange
          w={{ base: '100%', xs: 260 }}
        />
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

      {query.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the audit trail" />
        </Center>
      )}
      {query.error && (
        <Alert color="red" role="alert" title="Could not load the audit trail">
          {query.error.message}
        </Alert>
      )}
      {query.data && query.data.events.length === 0 && (
        <Alert color="blue" role="status" title="Nothing recorded">
          No staff action matches these dates and filters.
        </Alert>
      )}
      {query.data && query.data.events.length > 0 && (
        <>
          <Text size="sm" aria-live="polite">
            {query.data.total} {query.data.total === 1 ? 'record' : 'records'}
          </Text>
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" aria-label="Audit records, newest first">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Staff</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">On</Table.Th>
                  <Table.Th scope="col">What changed</Table.Th>
                  <Table.Th scope="col">Device</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                    <Table.Td>{e.staffName}</Table.Td>
                    <Table.Td>{auditActionLabels[e.action] ?? e.action}</Table.Td>
                    <Table.Td>{e.subject ?? '—'}</Table.Td>
                    <Table.Td>{describeChanges(e.changes) || '—'}</Table.Td>
                    <Table.Td>
                      <Text size="xs">{e.deviceId ?? 'No device id'}</Text>
                      <Text size="xs" c="dimmed" lineClamp={1} title={e.userAgent ?? undefined}>
                        {[e.ip, e.userAgent].filter(Boolean).join(' · ') || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
