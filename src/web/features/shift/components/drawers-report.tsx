import { Alert, Box, Button, Card, Group, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { formatNaira, lagosDateKey } from '../../../../domain/format';
import type { Shift } from '../../../../domain/schemas/shift';
import { formatTime } from '../../../lib/lagos-time';
import { drawersQueryOptions } from '../api/get-drawers';
import { type DrawerTotals, drawersCsv, groupDrawers } from '../lib/drawer-report';
import { VarianceBadge } from './shift-summary';

/** A table that may scroll sideways on a phone; focusable so a keyboard can scroll it. */
const Scroll = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
    {children}
  </Box>
);

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Totals({ rows, by }: { rows: DrawerTotals[]; by: 'day' | 'staff' }) {
  return (
    <Scroll label={by === 'day' ? 'Drawers by day' : 'Drawers by staff member'}>
      <Table striped withTableBorder verticalSpacing="xs" miw={680}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{by === 'day' ? 'Day' : 'Staff member'}</Table.Th>
            <Table.Th>Shifts</Table.Th>
            <Table.Th>Float</Table.Th>
            <Table.Th>Cash sales</Table.Th>
            <Table.Th>Cash refunds</Table.Th>
            <Table.Th>Expected</Table.Th>
            <Table.Th>Counted</Table.Th>
            <Table.Th>Variance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td>{r.label}</Table.Td>
              <Table.Td>
                {r.shifts}
                {r.open ? ` (${r.open} open)` : ''}
              </Table.Td>
              <Table.Td>{formatNaira(r.openingFloat)}</Table.Td>
              <Table.Td>{formatNaira(r.cashSales)}</Table.Td>
              <Table.Td>{formatNaira(r.cashRefunds)}</Table.Td>
              <Table.Td>{formatNaira(r.expectedCash)}</Table.Td>
              <Table.Td>{r.shifts > r.open ? formatNaira(r.closingCash) : '—'}</Table.Td>
              <Table.Td miw={150}>{r.shifts > r.open ? <VarianceBadge variance={r.variance} /> : 'Open'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

function ShiftRows({ shifts }: { shifts: Shift[] }) {
  return (
    <Scroll label="Each shift">
      <Table withTableBorder verticalSpacing="xs" miw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Staff member</Table.Th>
            <Table.Th>Time</Table.Th>
            <Table.Th>Expected</Table.Th>
            <Table.Th>Counted</Table.Th>
            <Table.Th>Variance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shifts.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{s.staffName}</Table.Td>
              <Table.Td>
                {formatTime(s.startedAt)} – {s.endedAt ? formatTime(s.endedAt) : 'now'}
              </Table.Td>
              <Table.Td>{formatNaira(s.expectedCash)}</Table.Td>
              <Table.Td>{s.closingCash === null ? '—' : formatNaira(s.closingCash)}</Table.Td>
              <Table.Td>
                {s.variance === null ? <Text size="sm">Open</Text> : <VarianceBadge variance={s.variance} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Scroll>
  );
}

/** Every shift's drawer in a range of Lagos days: by day, by staff member, each shift; CSV export. */
export function DrawersReport() {
  const today = lagosDateKey(new Date());
  const [fromDate, setFromDate] = useState(today);
  const [toDate, setToDate] = useState(today);
  const [by, setBy] = useState<'day' | 'staff'>('day');
  const validRange = /^\d{4}-\d{2}-\d{2}$/.test(fromDate) && /^\d{4}-\d{2}-\d{2}$/.test(toDate) && fromDate <= toDate;
  const drawers = useQuery({ ...drawersQueryOptions({ fromDate, toDate }), enabled: validRange });
  const shifts = drawers.data ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>Cash drawers</Title>
      <Card withBorder padding="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label="From"
            value={fromDate}
            onChange={(e) => setFromDate(e.currentTarget.value)}
            size="md"
          />
          <TextInput
            type="date"
            label="To"
            value={toDate}
            onChange={(e) => setToDate(e.currentTarget.value)}
            size="md"
          />
          <SegmentedControl
            aria-label="Group by"
            value={by}
            onChange={(v) => setBy(v as 'day' | 'staff')}
            data={[
              { value: 'day', label: 'By day' },
              { value: 'staff', label: 'By staff member' },
            ]}
            size="md"
          />
          <Button
            size="md"
            variant="default"
            disabled={!shifts.length}
            onClick={() => download(`cash-drawers-${fromDate}-to-${toDate}.csv`, drawersCsv(shifts))}
          >
            Export CSV
          </Button>
        </Group>
        {!validRange && (
          <Text c="red" size="sm" mt="xs">
            Choose a start day on or before the end day.
          </Text>
        )}
      </Card>
      {drawers.isError && (
        <Alert color="red" title="Could not load the drawers">
          {drawers.error.message}
        </Alert>
      )}
      {drawers.isSuccess && !shifts.length && <Text>No shifts started in these days.</Text>}
      {shifts.length > 0 && (
        <>
          <Totals rows={groupDrawers(shifts, by)} by={by} />
          <Title order={2} size="h4">
            Each shift
          </Title>
          <ShiftRows shifts={shifts} />
        </>
      )}
    </Stack>
  );
}
