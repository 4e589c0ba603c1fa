import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatNaira, lagosDateKey } from '../../../../domain/format';
import { CenterFilter, type ReportCenterProps, useReportCenter } from '../../../components/center-filter';
import { ApiError } from '../../../lib/api-client';
import { mySalesQueryOptions } from '../api/get-my-sales';
import { salesTotalsQueryOptions } from '../api/get-sales-totals';

/** How often the staff home's sales figure is read again while it is on screen. */
export const TODAYS_SALES_REFRESH_MS = 60_000;

/**
 * Today's sales: the company's (each center beside it) or one center's where the person may see
 * them (CEO and Manager choose; the others see their shift's center), else their own.
 */
export function TodaysSalesCard({ centers, choosesCenter = false }: ReportCenterProps = {}) {
  const today = lagosDateKey(new Date());
  const choice = useReportCenter(centers, choosesCenter);
  // Sales come in all day from the other tablets and the shop: read again every minute while the
  // card is on screen, and when the tablet is looked at again.
  const live = { refetchInterval: TODAYS_SALES_REFRESH_MS, refetchOnWindowFocus: 'always' } as const;
  // A role without the company's figures is refused once (403): it is not asked again every minute.
  const refused = (query: { state: { error: unknown } }) =>
    query.state.error instanceof ApiError && query.state.error.status === 403;
  const company = useQuery({
    ...salesTotalsQueryOptions({ fromDate: today, toDate: today, ...choice.param }),
    // Another center chosen: the last figures stay until its own arrive.
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (refused(query) ? false : TODAYS_SALES_REFRESH_MS),
    refetchOnWindowFocus: (query) => (refused(query) ? false : 'always'),
  });
  const mine = useQuery({
    ...mySalesQueryOptions({ fromDate: today, toDate: today }),
    ...live,
    enabled: company.isError,
  });
  const sales = company.data ?? mine.data;
  const perCenter = company.data?.center === null && (company.data.byCenter?.length ?? 0) > 1;
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {company.data ? "Today's sales" : 'My sales today'}
        </Title>
        {!mine.data && <CenterFilter {...choice.filter} current={company.data?.center} size="xs" />}
      </Group>
      {sales ? (
        <Stack gap={4}>
          <Text fw={700} size="xl">
            {formatNaira(sales.total)}
          </Text>
          <Text size="sm" c="dimmed">
            Cash {formatNaira(sales.byPaymentType.Cash)} · Card and transfer{' '}
            {formatNaira(sales.byPaymentType.Electronic)} · Wallet {formatNaira(sales.byPaymentType.Wallet)}
          </Text>
          {perCenter &&
            company.data?.byCenter?.map((c) => (
              <Text key={c.centerId} size="sm">
                {c.centerName}: {formatNaira(c.total)}
              </Text>
            ))}
        </Stack>
      ) : (
        <Text c="dimmed">Sales need the network.</Text>
      )}
    </Card>
  );
}
