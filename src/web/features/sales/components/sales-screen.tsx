import { BarChart } from '@mantine/charts';
import { Alert, Box, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatDate, formatNaira, formatNairaCompact, koboToNaira } from '../../../../domain/format';
import type { CenterSales, SalesQuery, SalesTotals, StaffSales } from '../../../../domain/schemas/sales';
import { CenterFilter, CsvButton, type ReportCenterProps, useReportCenter } from '../../../components/center-filter';
import { DateRangeField } from '../../../components/date-range-field';
import { ReportRows } from '../../../components/row-cards';
import { ApiError } from '../../../lib/api-client';
import { useDayRange } from '../../../lib/use-day-range';
import { mySalesQueryOptions } from '../api/get-my-sales';
import { salesTotalsQueryOptions } from '../api/get-sales-totals';
import { salesByStaffQueryOptions } from '../api/get-staff-sales';
import { unattributedSales } from '../lib/per-staff';

const series = [
  { name: 'Cash', color: 'teal.6' },
  { name: 'Electronic', label: 'Card and transfer', color: 'brand.6' },
  { name: 'Wallet', color: 'orange.6' },
];
const naira = (kobo: number) => koboToNaira(kobo);

function Totals({ totals }: { totals: Pick<SalesTotals, 'total' | 'orders' | 'byPaymentType'> }) {
  const cards = [
    ['Total', totals.total],
    ['Cash', totals.byPaymentType.Cash],
    ['Card and transfer', totals.byPaymentType.Electronic],
    ['Wallet', totals.byPaymentType.Wallet],
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      {cards.map(([label, kobo]) => (
        <Card key={label} withBorder padding="md">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg">
            {formatNaira(kobo)}
          </Text>
          {label === 'Total' && (
            <Text size="xs" c="dimmed">
              {totals.orders} paid {totals.orders === 1 ? 'order' : 'orders'}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A card's title, with what it offers beside it (its CSV file). */
function CardTitle({ title, action }: { title: string; action?: ReactNode }) {
  return (
    <Group justify="space-between" mb="sm" gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {action}
    </Group>
  );
}

/** Each center's sales beside the company's, which they add up to: a table, one card a row on a phone. */
function PerCenter({ totals, centers }: { totals: SalesTotals; centers: CenterSales[] }) {
  type Line = { name: string; figures: Pick<CenterSales, 'orders' | 'byPaymentType' | 'total'>; company: boolean };
  const lines: Line[] = [
    ...centers.map((c) => ({ name: c.centerName, figures: c, company: false })),
    { name: 'All centers', figures: totals, company: true },
  ];
  return (
    <Card withBorder>
      <CardTitle title="Per gas center" />
      <ReportRows
        label="Sales per gas center"
        table={{ 'aria-label': 'Sales per gas center' }}
        rows={lines}
        keyOf={(l) => l.name}
        title={(l) => l.name}
        strong={(l) => l.company}
        figures={({ figures: t }) => [
          ['Total', formatNaira(t.total)],
          ['Orders', String(t.orders)],
          ['Cash', formatNaira(t.byPaymentType.Cash)],
          ['Card and transfer', formatNaira(t.byPaymentType.Electronic)],
          ['Wallet', formatNaira(t.byPaymentType.Wallet)],
        ]}
        columns={[
          { label: 'Gas center', cell: (l) => l.name },
          { label: 'Orders', right: true, cell: (l) => l.figures.orders },
          { label: 'Cash', right: true, cell: (l) => formatNaira(l.figures.byPaymentType.Cash) },
          { label: 'Card and transfer', right: true, cell: (l) => formatNaira(l.figures.byPaymentType.Electronic) },
          { label: 'Wallet', right: true, cell: (l) => formatNaira(l.figures.byPaymentType.Wallet) },
          { label: 'Total', right: true, cell: (l) => formatNaira(l.figures.total) },
        ]}
      />
    </Card>
  );
}

function PerDay({ totals, action }: { totals: SalesTotals; action?: ReactNode }) {
  const data = totals.byDay.map((d) => ({
    day: formatDate(`${d.date}T12:00:00+01:00`).slice(0, 5),
    Cash: naira(d.Cash),
    Electronic: naira(d.Electronic),
    Wallet: naira(d.Wallet),
  }));
  return (
    <Card withBorder>
      <CardTitle title="Per day" action={action} />
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        type="stacked"
        series={series}
        valueFormatter={(v) => formatNaira(v * 100)}
        yAxisProps={{ tickFormatter: (v: number) => formatNairaCompact(v * 100), width: 56 }}
        withLegend
      />
    </Card>
  );
}

type StaffLine = { key: string; name: string; orders: number; Cash: number; total: number };

/** Each staff member's sales, and what no staff member took: a table, one card a row on a phone. */
function PerStaffRows({ staff, rest }: { staff: StaffSales[]; rest: ReturnType<typeof unattributedSales> }) {
  const lines: StaffLine[] = [
    ...staff.map((s) => ({ key: s.staffId, name: s.name, orders: s.orders, Cash: s.Cash, total: s.total })),
    ...(rest ? [{ key: 'rest', name: 'Paid in the app, not handed over by staff yet', ...rest }] : []),
  ];
  return (
    <Box mt="sm">
      <ReportRows
        label="Sales per staff member"
        rows={lines}
        keyOf={(l) => l.key}
        title={(l) => l.name}
        figures={(l) => [
          ['Total', formatNaira(l.total)],
          ['Cash', formatNaira(l.Cash)],
          ['Orders', String(l.orders)],
        ]}
        columns={[
          { label: 'Staff member', cell: (l) => l.name },
          { label: 'Orders', right: true, cell: (l) => l.orders },
          { label: 'Cash', right: true, cell: (l) => formatNaira(l.Cash) },
          { label: 'Total', right: true, cell: (l) => formatNaira(l.total) },
        ]}
      />
    </Box>
  );
}

/**
 * Sales totals by payment type, per day and per staff member, of a gas center or of the company
 * with each center beside it; each as a CSV file. Staff without reader access see their own.
 */
export function SalesScreen({ centers, choosesCenter = false }: ReportCenterProps) {
  const { range, setRange, fromDate, toDate } = useDayRange();
  const choice = useReportCenter(centers, choosesCenter);
  const dates: SalesQuery = { fromDate, toDate };
  const query = { ...dates, ...choice.param };
  const totals = useQuery(salesTotalsQueryOptions(query));
  const byStaff = useQuery(salesByStaffQueryOptions(query));
  const forbidden = totals.error instanceof ApiError && totals.error.status === 403;
  // The rows add up to the total: the orders no staff member took have their own row.
  const rest = totals.data && byStaff.data ? unattributedSales(totals.data, byStaff.data.staff) : null;
  const mine = useQuery({ ...mySalesQueryOptions(dates), enabled: forbidden });
  const perCenter =
    totals.data?.center === null && (totals.data.byCenter?.length ?? 0) > 1 ? totals.data.byCenter : null;

  return (
    <Stack gap="md">
      <Title order={1}>Sales</Title>
      <Group align="flex-end" wrap="wrap">
        <DateRangeField label="Paid between" value={range} onChange={setRange} width={280} />
        {!forbidden && <CenterFilter {...choice.filter} current={totals.data?.center} />}
      </Group>
      {forbidden ? (
        mine.data ? (
          <>
            <Text>Your own sales (company totals need Accountant or Admin access).</Text>
            <Totals totals={mine.data} />
            <PerDay totals={mine.data} />
          </>
        ) : (
          <Loader role="status" aria-label="Loading your sales" />
        )
      ) : totals.isPending ? (
        <Loader role="status" aria-label="Loading sales" />
      ) : totals.isError ? (
        <Alert color="red" title="Sales could not be loaded">
          {totals.error.message}
        </Alert>
      ) : (
        <>
          <Totals totals={totals.data} />
          {perCenter && <PerCenter totals={totals.data} centers={perCenter} />}
          <PerDay totals={totals.data} action={<CsvButton path="sales" params={query} size="xs" />} />
        </>
      )}
      {byStaff.data && (
        <Card withBorder>
          <CardTitle
            title="Per staff member"
            action={<CsvButton path="admin/sales/staff" params={query} size="xs" />}
          />
          {!byStaff.data.staff.some((s) => s.Cash + s.Electronic + s.Wallet > 0) ? (
            <Text c="dimmed">No staff member made a sale in this period.</Text>
          ) : (
            <BarChart
              h={Math.max(160, byStaff.data.staff.length * 44)}
              data={byStaff.data.staff.map((s) => ({
                name: s.name,
                Cash: naira(s.Cash),
                Electronic: naira(s.Electronic),
                Wallet: naira(s.Wallet),
              }))}
              dataKey="name"
              orientation="vertical"
              type="stacked"
              series={series}
              valueFormatter={(v) => formatNaira(v * 100)}
              xAxisProps={{ tickFormatter: (v: number) => formatNairaCompact(v * 100) }}
              yAxisProps={{ width: 110 }}
            />
          )}
          <PerStaffRows staff={byStaff.data.staff} rest={rest} />
        </Card>
      )}
    </Stack>
  );
}
