import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNaira, formatNairaCompact, koboToNaira } from '../../../../domain/format';
import type { SalesQuery, SalesTotals } from '../../../../domain/schemas/sales';
import { DateRangeField } from '../../../components/date-range-field';
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

function PerDay({ totals }: { totals: SalesTotals }) {
  const data = totals.byDay.map((d) => ({
    day: formatDate(`${d.date}T12:00:00+01:00`).slice(0, 5),
    Cash: naira(d.Cash),
    Electronic: naira(d.Electronic),
    Wallet: naira(d.Wallet),
  }));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Per day
      </Title>
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

/** Sales totals by payment type, per day and per staff member; staff without reader access see their own. */
export function SalesScreen() {
  const { range, setRange, fromDate, toDate } = useDayRange();
  const query: SalesQuery = { fromDate, toDate };
  const totals = useQuery(salesTotalsQueryOptions(query));
  const byStaff = useQuery(salesByStaffQueryOptions(query));
  const forbidden = totals.error instanceof ApiError && totals.error.status === 403;
  // The rows add up to the total: the orders no staff member took have their own row.
  const rest = totals.data && byStaff.data ? unattributedSales(totals.data, byStaff.data.staff) : null;
  const mine = useQuery({ ...mySalesQueryOptions(query), enabled: forbidden });

  return (
    <Stack gap="md">
      <Title order={1}>Sales</Title>
      <DateRangeField label="Paid between" value={range} onChange={setRange} width={280} />
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
          <PerDay totals={totals.data} />
        </>
      )}
      {byStaff.data && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Per staff member
          </Title>
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
          <Table.ScrollContainer minWidth={420} mt="sm">
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff member</Table.Th>
                  <Table.Th ta="right">Orders</Table.Th>
                  <Table.Th ta="right">Cash</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {byStaff.data.staff.map((s) => (
                  <Table.Tr key={s.staffId}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td ta="right">{s.orders}</Table.Td>
                    <Table.Td ta="right">{formatNaira(s.Cash)}</Table.Td>
                    <Table.Td ta="right">{formatNaira(s.total)}</Table.Td>
                  </Table.Tr>
                ))}
                {rest && (
                  <Table.Tr>
                    <Table.Td>Paid in the app, not handed over by staff yet</Table.Td>
                    <Table.Td ta="right">{rest.orders}</Table.Td>
                    <Table.Td ta="right">{formatNaira(rest.Cash)}</Table.Td>
                    <Table.Td ta="right">{formatNaira(rest.total)}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <Group />
    </Stack>
  );
}
