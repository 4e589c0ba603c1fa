import { Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type OrderStatus, orderStatusValues } from '../../../../domain/enums';
import { lagosDateKey } from '../../../../domain/format';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { ordersQueryOptions } from '../api/get-orders';
import { orderStatusTone } from '../lib/status-colors';

/** Today's orders counted by status, for the dashboard home. */
export function TodaysOrdersCard() {
  const today = lagosDateKey(new Date());
  const orders = useQuery(ordersQueryOptions({ fromDate: today, toDate: today }));
  const counts = new Map<OrderStatus, number>();
  for (const o of orders.data?.data ?? []) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);

  return (
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
        <Loader size="sm" role="status" aria-label="Loading orders" />
      ) : orders.isError ? (
        <Text c="red">{orders.error.message}</Text>
      ) : (
        <>
          {orders.data.fromCache && (
            <Text size="xs" c="dimmed" mb="xs">
              Saved at {formatTime(orders.data.updatedAt)} (offline)
            </Text>
          )}
          <Group gap="xs">
            {orderStatusValues
              .filter((s) => counts.has(s))
              .map((s) => (
                <StatusBadge key={s} tone={orderStatusTone[s]} size="lg">
                  {s}: {counts.get(s)}
                </StatusBadge>
              ))}
            {counts.size === 0 && <Text c="dimmed">No orders yet today.</Text>}
          </Group>
        </>
      )}
    </Card>
  );
}
