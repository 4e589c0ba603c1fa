import { Alert, Button, Card, Group, Menu, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNaira, lagosDateKey } from '../../../../domain/format';
import type { Shift } from '../../../../domain/schemas/shift';
import { ALL_CENTERS, CenterFilter, type ReportCenterProps, useReportCenter } from '../../../components/center-filter';
import { DataTable } from '../../../components/data-table';
import { DateRangeField } from '../../../components/date-range-field';
import { RowCards, WideOnly } from '../../../components/row-cards';
import { StatusBadge } from '../../../components/status-badge';
import type { DayRange } from '../../../lib/use-day-range';
import { activeShiftQueryOptions } from '../api/get-active-shift';
import { drawersQueryOptions } from '../api/get-drawers';
import {
  countedShifts,
  type DrawerGrouping,
  type DrawerTotals,
  drawerState,
  groupDrawers,
  shiftSpan,
} from '../lib/drawer-report';
import { VarianceBadge } from './shift-summary';

/** Whether a row has a counted drawer, so a counted figure and a variance. */
const hasCount = (r: DrawerTotals) => countedShifts(r) > 0;

/**
 * A row's counted cash. Beside a drawer still open (or one never counted), the row's Expected is
 * more than the counted drawers were to hold: the figure they are measured against is said, so
 * counted − expected reads as the variance shown.
 */
const countedAgainst = (r: DrawerTotals) =>
  hasCount(r) && r.countedExpected !== r.expectedCash
    ? `of ${formatNaira(r.countedExpected)} expected in ${countedShifts(r) === 1 ? 'the drawer' : 'the drawers'} counted`
    : null;
const countedWords = (r: DrawerTotals) =>
  hasCount(r) ? [formatNaira(r.closingCash), countedAgainst(r)].filter(Boolean).join(' ') : '—';

/** The table's cell: the figure, and what it is measured against on a line of its own. */
function CountedCell({ row }: { row: DrawerTotals }) {
  const against = countedAgainst(row);
  return (
    <Table.Td>
      {hasCount(row) ? formatNaira(row.closingCash) : '—'}
      {against && <Text size="xs">{against}</Text>}
    </Table.Td>
  );
}

/** A row's badge: drawers ended without a count are said first, never read as balanced. */
function RowBadge({ row }: { row: DrawerTotals }) {
  if (row.uncounted > 0) return <StatusBadge tone="warn">{row.uncounted} not counted</StatusBadge>;
  return hasCount(row) ? <VarianceBadge variance={row.variance} /> : <Text size="sm">Open</Text>;
}

/** A shift's badge: open, ended without a count, or its variance. */
function ShiftBadge({ shift }: { shift: Shift }) {
  const state = drawerState(shift);
  if (state === 'open') return <Text size="sm">Open</Text>;
  if (state === 'uncounted') return <StatusBadge tone="warn">Not counted</StatusBadge>;
  return <VarianceBadge variance={shift.variance ?? 0} />;
}

const groupWords: Record<DrawerGrouping, { label: string; column: string }> = {
  day: { label: 'Drawers by day', column: 'Day' },
  staff: { label: 'Drawers by staff member', column: 'Staff member' },
  center: { label: 'Drawers by gas center', column: 'Gas center' },
};

function Totals({ rows, by }: { rows: DrawerTotals[]; by: DrawerGrouping }) {
  const { label } = groupWords[by];
  return (
    <>
      <RowCards
        label={label}
        rows={rows}
        keyOf={(r) => r.key}
        title={(r) => r.label}
        badge={(r) => <RowBadge row={r} />}
        figures={(r) => [
          ['Shifts', `${r.shifts}${r.open ? ` (${r.open} open)` : ''}`],
          ['Float', formatNaira(r.openingFloat)],
          ['Cash sales', formatNaira(r.cashSales)],
          ['Cash refunds', formatNaira(r.cashRefunds)],
          ['Expected', formatNaira(r.expectedCash)],
          ['Counted', countedWords(r)],
        ]}
      />
      <TotalsTable rows={rows} by={by} label={label} />
    </>
  );
}

const totalsColumns = ['Shifts', 'Float', 'Cash sales', 'Cash refunds', 'Expected', 'Counted', 'Variance'];
const shiftColumns = ['Staff member', 'Time', 'Expected', 'Counted', 'Variance'].map((label) => ({ label }));

function TotalsTable({ rows, by, label }: { rows: DrawerTotals[]; by: DrawerGrouping; label: string }) {
  return (
    <WideOnly label={label}>
      <DataTable
        columns={[groupWords[by].column, ...totalsColumns].map((label) => ({ label }))}
        striped
        withTableBorder
        verticalSpacing="xs"
        miw={640}
      >
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
            <CountedCell row={r} />
            <Table.Td miw={120}>
              <RowBadge row={r} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </WideOnly>
  );
}

function ShiftRows({ shifts }: { shifts: Shift[] }) {
  // Over several days each shift says its day; one past midnight says both.
  const withDay = new Set(shifts.map((s) => lagosDateKey(s.startedAt))).size > 1;
  return (
    <>
      <RowCards
        label="Each shift"
        rows={shifts}
        keyOf={(s) => s.id}
        title={(s) => s.staffName}
        badge={(s) => <ShiftBadge shift={s} />}
        figures={(s) => [
          ['Time', shiftSpan(s, withDay)],
          ['Expected', formatNaira(s.expectedCash)],
          ['Counted', s.closingCash === null ? '—' : formatNaira(s.closingCash)],
        ]}
      />
      <ShiftTable shifts={shifts} withDay={withDay} />
    </>
  );
}

function ShiftTable({ shifts, withDay }: { shifts: Shift[]; withDay: boolean }) {
  return (
    <WideOnly label="Each shift">
      <DataTable columns={shiftColumns} withTableBorder verticalSpacing="xs" miw={560}>
        {shifts.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td>{s.staffName}</Table.Td>
            <Table.Td>{shiftSpan(s, withDay)}</Table.Td>
            <Table.Td>{formatNaira(s.expectedCash)}</Table.Td>
            <Table.Td>{s.closingCash === null ? '—' : formatNaira(s.closingCash)}</Table.Td>
            <Table.Td>
              <ShiftBadge shift={s} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </WideOnly>
  );
}

/** The drawers report's CSV files, from the server: each shift, or added up as the screen does. */
function CsvMenu({
  params,
  company,
  disabled,
}: {
  params: Record<string, string | undefined>;
  company: boolean;
  disabled: boolean;
}) {
  const href = (by: string) => {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
    query.set('format', 'csv');
    query.set('by', by);
    return `/api/admin/shift?${query.toString()}`;
  };
  const files = [
    ['shift', 'Each shift'],
    ['day', 'By day'],
    ['staff', 'By staff member'],
    ...(company ? [['center', 'By gas center']] : []),
  ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="md" variant="default" disabled={disabled}>
          Download CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {files.map(([by = '', label]) => (
          <Menu.Item key={by} component="a" href={href(by)} download>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Every shift's drawer in a range of Lagos days, of a gas center or of the company (each center
 * beside it): by day, by staff member, each shift; CSV files of each.
 */
export function DrawersReport({ centers, choosesCenter = false }: ReportCenterProps) {
  const today = lagosDateKey(new Date());
  const [range, setRange] = useState<DayRange>([today, today]);
  const fromDate = range[0] ?? '';
  const toDate = range[1] ?? range[0] ?? '';
  const [by, setBy] = useState<'day' | 'staff'>('day');
  const choice = useReportCenter(centers, choosesCenter);
  const validRange = /^\d{4}-\d{2}-\d{2}$/.test(fromDate) && /^\d{4}-\d{2}-\d{2}$/.test(toDate) && fromDate <= toDate;
  const params = { fromDate, toDate, ...choice.param };
  const drawers = useQuery({ ...drawersQueryOptions(params), enabled: validRange });
  const shifts = drawers.data ?? [];
  // Those who do not choose see their own shift's center, which the server picks.
  const ownShift = useQuery({
    ...activeShiftQueryOptions(),
    enabled: !choosesCenter && (centers?.length ?? 0) > 1,
  }).data?.data;
  const ownCenter = centers?.find((c) => c.id === ownShift?.centerId);
  const company = choosesCenter && choice.center === ALL_CENTERS && (centers?.length ?? 0) > 1;
  return (
    <Stack gap="md">
      <Title order={1}>Cash drawers</Title>
      <Card withBorder padding="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <DateRangeField label="Shifts started between" value={range} onChange={setRange} width={300} size="md" />
          <CenterFilter {...choice.filter} current={ownCenter} size="md" />
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
          <CsvMenu params={params} company={company} disabled={!validRange || !shifts.length} />
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
          {company && (
            <>
              <Title order={2} size="h4">
                Per gas center
              </Title>
              <Totals rows={groupDrawers(shifts, 'center')} by="center" />
              {/* The rows under it are the company's, which the centers' add up to: said so. */}
              <Title order={2} size="h4">
                All centers
              </Title>
            </>
          )}
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
