import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type OrderStatus, orderStatusValues } from '../../../../domain/enums';
import { formatNaira, lagosDateKey } from '../../../../domain/format';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { activeShiftQueryOptions } from '../api/get-active-shift';
import { ordersQueryOptions } from '../api/get-orders';
import { mySalesQueryOptions, salesTotalsQueryOptions } from '../api/get-sales';
import { effectiveShift } from '../lib/shift-sync';
import { orderStatusColor } from '../lib/status-colors';
import { usePendingShiftActions } from '../lib/use-pending-shift-actions';
import { ShiftSummary } from './shift-summary';

/** Today at a glance: orders by status, sales, the shift and what waits to sync. */
export function DashboardHome() {
  const today = lagosDateKey(new Date());
  const orders = useQuery(ordersQueryOptions({ fromDate: today, toDate: today }));
  const company = useQuery(salesTotalsQueryOptions({ fromDate: today, toDate: today }));
  const mine = useQuery({ ...mySalesQueryOptions({ fromDate: today, toDate: today }), enabled: company.isError });
  const shift = useQuery(activeShiftQueryOptions());
  const { actions } = usePendingShiftActions();
  const state = effectiveShift(Boolean(shift.data?.data?.workingNow), actions);
  const sales = company.data ?? mine.data;

  const counts = new Map<OrderStatus, number>();
  for (const o of orders.data?.data ?? []) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);

  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              Today&apos;s orders
            </Title>
            <Button component={Link} to={paths.dashboard.orders.getHref()} variant="subtle" size="compact-sm">
              All orders
            </Button>
          </Group>
          {orders.isPending ? (
            <Loader size="sm" aria-label="Loading orders" />
          ) : orders.isError ? (
            <Text c="red">{orders.error.message}</Text>
          ) : (
            <>
              {orders.data.fromCache && (
                <Text size="xs" c="gray.7" mb="xs">
                  Saved at {formatTime(orders.data.updatedAt)} (offline)
                </Text>
              )}
              <Group gap="xs">
                {orderStatusValues
                  .filter((s) => counts.has(s))
                  .map((s) => (
                    <Badge key={s} color={orderStatusColor[s]} variant="light" size="lg">
                      {s}: {counts.get(s)}
                    </Badge>
                  ))}
                {counts.size === 0 && <Text c="gray.7">No orders yet today.</Text>}
              </Group>
            </>
          )}
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            {company.data ? "Today's sales" : 'My sales today'}
          </Title>
          {sales ? (
            <Stack gap={4}>
              <Text fw={700} size="xl">
                {formatNaira(sales.total)}
              </Text>
              <Text size="sm" c="gray.7">
                Cash {formatNaira(sales.byPaymentType.Cash)} · Card and transfer{' '}
                {formatNaira(sales.byPaymentType.Electronic)} · Wallet {formatNaira(sales.byPaymentType.Wallet)}
              </Text>
            </Stack>
          ) : (
            <Text c="gray.7">Sales need the network.</Text>
          )}
        </Card>
        <Card withBorder padding="lg">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              My shift
            </Title>
            <Button component={Link} to={paths.dashboard.shift.getHref()} variant="subtle" size="compact-sm">
              Open shift page
            </Button>
          </Group>
          {shift.data?.data?.workingNow && state.working ? (
            <ShiftSummary shift={shift.data.data} />
          ) : (
            <Text>{state.working ? 'Started on this tablet; waiting to sync.' : 'Not on a shift.'}</Text>
          )}
        </Card>
        <Card withBorder padding="lg">
          <Title order={2} size="h4" mb="sm">
            Waiting to sync
          </Title>
          {state.pending.length === 0 && state.failed.length === 0 ? (
            <Text c="gray.7">Everything is synced.</Text>
          ) : (
            <Stack gap={4}>
              {state.pending.map((a) => (
                <Text key={a.id}>
                  {a.kind === 'shift.start' ? 'Shift start' : 'Shift end'} at {formatTime(a.createdAt)}{' '}
                  <Badge color="orange.9" variant="light">
                    Pending
                  </Badge>
                </Text>
              ))}
              {state.failed.length > 0 && (
                <Alert color="red.9" p="xs">
                  {state.failed.length} action(s) were refused: see the shift page.
                </Alert>
              )}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
