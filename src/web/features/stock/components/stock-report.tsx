import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Center } from '../../../../domain/schemas/center';
import type { CenterStock, ProductStock } from '../../../../domain/schemas/stock-report';
import { CenterFilter, CsvButton, type ReportCenterProps, useReportCenter } from '../../../components/center-filter';
import { QueryStates } from '../../../components/query-states';
import { type ReportColumn, ReportRows } from '../../../components/row-cards';
import { formatDateTime } from '../../../lib/lagos-time';
import { stockReportQueryOptions } from '../api/reports';
import { quantityText } from '../lib/quantity';

const QUIET = 'light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))';

/** A center's line of a product, or the company's (the sum of the centers'). */
type Line = {
  key: string;
  product: ProductStock;
  center: string;
  onHand: number | null;
  incoming: number;
  outgoing: number;
  total: number;
  company: boolean;
};

const centerLine = (product: ProductStock, c: CenterStock): Line => ({
  key: `${product.productId}|${c.centerId}`,
  product,
  center: c.centerName,
  onHand: c.onHand,
  incoming: c.incoming,
  outgoing: c.outgoing,
  total: c.total,
  company: false,
});

/** Each product's lines: its centers', then, for the company, all centers added up. */
function linesOf(products: readonly ProductStock[], company: boolean): Line[] {
  return products.flatMap((p) => [
    ...p.byCenter.map((c) => centerLine(p, c)),
    ...(company
      ? [
          {
            key: `${p.productId}|all`,
            product: p,
            center: 'All centers',
            onHand: p.onHand,
            incoming: p.inTransit,
            outgoing: p.inTransit,
            total: p.total,
            company: true,
          },
        ]
      : []),
  ]);
}

const centerColumn: ReportColumn<Line> = { label: 'Gas center', cell: (l) => l.center };

const NOTHING_COUNTED = { title: 'No stock is counted', text: 'Set a stock figure in the quotas above.' };

const amount = (line: Line, n: number | null) => (n === null ? 'Not counted' : quantityText(n, line.product.unit));

/**
 * What each gas center has of every product it counts, what is on its way between centers, and
 * the company's total (CEO and Manager: "All centers", each center's lines above it); with its
 * CSV file. A transfer on its way counts at the center it goes to.
 */
export function StockReportCard({
  centers,
  choosesCenter = false,
}: ReportCenterProps & { centers: readonly Center[] }) {
  const choice = useReportCenter(centers, choosesCenter);
  const query = choice.param;
  const report = useQuery(stockReportQueryOptions(query));
  const data = report.data;
  const company = data?.center === null && centers.length > 1;
  const lines = data ? linesOf(data.products, company) : [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="xs">
          <Title order={2} size="h4">
            Stock report
          </Title>
          <CsvButton path="quota/report" params={query} size="xs" disabled={!data} />
        </Group>
        {choosesCenter && <CenterFilter {...choice.filter} label="Report for" />}
        <Text size="sm" c={QUIET}>
          On hand now, and what is on its way between centers: a center's total counts what is coming to it.
          {data && ` As of ${formatDateTime(data.asOf)}.`}
        </Text>
        <QueryStates query={report} of="the stock report" empty={data && lines.length === 0 ? NOTHING_COUNTED : null} />
        {lines.length > 0 && (
          <ReportRows
            label="Stock per product and gas center"
            table={{ striped: true, 'aria-label': 'Stock per product and gas center' }}
            rows={lines}
            keyOf={(l) => l.key}
            title={(l) => l.product.productName}
            badge={(l) => (company || l.company ? <Text size="sm">{l.center}</Text> : null)}
            strong={(l) => l.company}
            figures={(l) => [
              ['Total', amount(l, l.total)],
              ['On hand', amount(l, l.onHand)],
              ['Coming in', amount(l, l.incoming)],
              ['Going out', amount(l, l.outgoing)],
            ]}
            columns={[
              { label: 'Product', cell: (l) => l.product.productName },
              ...(company ? [centerColumn] : []),
              { label: 'On hand', right: true, cell: (l) => amount(l, l.onHand) },
              { label: 'Coming in', right: true, cell: (l) => amount(l, l.incoming) },
              { label: 'Going out', right: true, cell: (l) => amount(l, l.outgoing) },
              { label: 'Total', right: true, cell: (l) => amount(l, l.total) },
            ]}
          />
        )}
      </Stack>
    </Card>
  );
}
