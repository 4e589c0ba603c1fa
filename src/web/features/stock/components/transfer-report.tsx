import { Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { ReportCenterParam } from '../../../../domain/schemas/sales';
import type { TransferDay } from '../../../../domain/schemas/stock-report';
import { ALL_CENTERS, CenterFilter, CsvButton, centerParam } from '../../../components/center-filter';
import { DateRangeField } from '../../../components/date-range-field';
import { QueryStates } from '../../../components/query-states';
import { RowCards, WideOnly } from '../../../components/row-cards';
import { useDayRange } from '../../../lib/use-day-range';
import { transferReportQueryOptions } from '../api/reports';
import { quantityText } from '../lib/quantity';

const QUIET = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

type Line = TransferDay & { key: string; center: string; company: boolean };

const dayOf = (dateKey: string) => formatDate(`${dateKey}T12:00:00+01:00`);

/** "16 items (3 transfers)"; "—" for nothing. */
const moved = (line: TransferDay, quantity: number, count: number) =>
  count === 0 ? '—' : `${quantityText(quantity, line.unit)} (${count} ${count === 1 ? 'transfer' : 'transfers'})`;

/**
 * What each gas center sent, received and called off, per Lagos day and product (CEO and Manager:
 * the company, each center's lines then all centers added up); with a CSV file by day, and one of
 * each transfer.
 */
export function TransferReportCard({
  centers,
  choosesCenter = false,
}: {
  centers: readonly Center[];
  /** CEO and Manager: a center or the company; the others see their shift's. */
  choosesCenter?: boolean;
}) {
  const { range, setRange, fromDate, toDate } = useDayRange();
  const [center, setCenter] = useState<ReportCenterParam>(ALL_CENTERS);
  const query = { fromDate, toDate, ...centerParam(choosesCenter, center) };
  const report = useQuery(transferReportQueryOptions(query));
  const data = report.data;
  const company = data?.center === null && centers.length > 1;
  const lines: Line[] = !data
    ? []
    : company
      ? [
          ...data.byCenter.flatMap((c) =>
            c.days.map((d) => ({
              ...d,
              key: `${c.centerId}|${d.date}|${d.productId}`,
              center: c.centerName,
              company: false,
            })),
          ),
          ...data.days.map((d) => ({
            ...d,
            key: `all|${d.date}|${d.productId}`,
            center: 'All centers',
            company: true,
          })),
        ]
      : data.days.map((d) => ({
          ...d,
          key: `${d.date}|${d.productId}`,
          center: data.center?.name ?? '',
          company: false,
        }));
  const count = data ? data.transfers.length + data.moreTransfers : 0;
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Transfer report
        </Title>
        <Group align="flex-end" wrap="wrap">
          <DateRangeField label="Days" value={range} onChange={setRange} width={280} />
          {choosesCenter && (
            <CenterFilter centers={centers} chooses value={center} onChange={setCenter} label="Report for" />
          )}
        </Group>
        <Group gap="xs">
          <CsvButton path="centers/transfers/report" params={query} size="xs" disabled={!data} />
          <CsvButton
            path="centers/transfers/report"
            params={{ ...query, by: 'transfer' }}
            label="Each transfer (CSV)"
            size="xs"
            disabled={!count}
          />
        </Group>
        <QueryStates
          query={report}
          of="the transfer report"
          empty={
            data && lines.length === 0
              ? { title: 'No transfers', text: 'Nothing was sent, received or cancelled in these days.' }
              : null
          }
        />
        {lines.length > 0 && (
          <>
            <Text size="sm" c={QUIET}>
              {count} {count === 1 ? 'transfer' : 'transfers'} sent, received or cancelled in these days. A transfer
              counts as sent at the sender on the day it left, and as received at the receiver on the day it arrived.
            </Text>
            <RowCards
              label="Transfers per day and product"
              rows={lines}
              keyOf={(l) => l.key}
              title={(l) => `${dayOf(l.date)} · ${l.productName}`}
              badge={(l) => (company ? <Text size="sm">{l.center}</Text> : null)}
              strong={(l) => l.company}
              figures={(l) => [
                ['Sent', moved(l, l.sent, l.sentCount)],
                ['Received', moved(l, l.received, l.receivedCount)],
                ['Cancelled', moved(l, l.cancelled, l.cancelledCount)],
              ]}
            />
            <WideOnly label="Transfers per day and product">
              <Table striped aria-label="Transfers per day and product">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    {company && <Table.Th>Gas center</Table.Th>}
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Sent</Table.Th>
                    <Table.Th ta="right">Received</Table.Th>
                    <Table.Th ta="right">Cancelled</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l) => (
                    <Table.Tr key={l.key} fw={l.company ? 700 : undefined}>
                      <Table.Td>{dayOf(l.date)}</Table.Td>
                      {company && <Table.Td>{l.center}</Table.Td>}
                      <Table.Td>{l.productName}</Table.Td>
                      <Table.Td ta="right">{moved(l, l.sent, l.sentCount)}</Table.Td>
                      <Table.Td ta="right">{moved(l, l.received, l.receivedCount)}</Table.Td>
                      <Table.Td ta="right">{moved(l, l.cancelled, l.cancelledCount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </WideOnly>
          </>
        )}
      </Stack>
    </Card>
  );
}
