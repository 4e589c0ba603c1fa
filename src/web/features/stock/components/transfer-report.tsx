import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { TransferDay } from '../../../../domain/schemas/stock-report';
import { CenterFilter, CsvButton, type ReportCenterProps, useReportCenter } from '../../../components/center-filter';
import { DateRangeField } from '../../../components/date-range-field';
import { QueryStates } from '../../../components/query-states';
import { type ReportColumn, ReportRows } from '../../../components/row-cards';
import { useDayRange } from '../../../lib/use-day-range';
import { transferReportQueryOptions } from '../api/reports';
import { quantityText } from '../lib/quantity';

const QUIET = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

type Line = TransferDay & { key: string; center: string; company: boolean };

const centerColumn: ReportColumn<Line> = { label: 'Gas center', cell: (l) => l.center };

const NO_TRANSFERS = { title: 'No transfers', text: 'Nothing was sent, received or cancelled in these days.' };

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
}: ReportCenterProps & { centers: readonly Center[] }) {
  const { range, setRange, fromDate, toDate } = useDayRange();
  const choice = useReportCenter(centers, choosesCenter);
  const query = { fromDate, toDate, ...choice.param };
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
          {choosesCenter && <CenterFilter {...choice.filter} label="Report for" />}
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
        <QueryStates query={report} of="the transfer report" empty={data && lines.length === 0 ? NO_TRANSFERS : null} />
        {lines.length > 0 && (
          <>
            <Text size="sm" c={QUIET}>
              {count} {count === 1 ? 'transfer' : 'transfers'} sent, received or cancelled in these days. A transfer
              counts as sent at the sender on the day it left, and as received at the receiver on the day it arrived.
            </Text>
            <ReportRows
              label="Transfers per day and product"
              table={{ striped: true, 'aria-label': 'Transfers per day and product' }}
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
              columns={[
                { label: 'Date', cell: (l) => dayOf(l.date) },
                ...(company ? [centerColumn] : []),
                { label: 'Product', cell: (l) => l.productName },
                { label: 'Sent', right: true, cell: (l) => moved(l, l.sent, l.sentCount) },
                { label: 'Received', right: true, cell: (l) => moved(l, l.received, l.receivedCount) },
                { label: 'Cancelled', right: true, cell: (l) => moved(l, l.cancelled, l.cancelledCount) },
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
