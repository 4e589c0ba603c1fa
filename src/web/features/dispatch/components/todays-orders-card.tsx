import { Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { type OrderStatus, orderStatusValues } from '../../../../domain/enums';
import { lagosDateKey } from '../../../../domain/format';
import { CenterFilter } from '../../../components/center-filter';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { type CenterOrdersProps, useCenterOrders } from '../api/get-orders';
import { orderStatusTone } from '../lib/status-colors';

/**
 * Today's orders counted by status, for the dashboard home: the company's or one center's for a
 * CEO or a Manager (they choose), the center of their shift for anyone else.
 */
export function TodaysOrdersCard(props: CenterOrdersProps = {}) {
  const today = lagosDateKey(new Date());
  const { orders, filter } = useCenterOrders(props, { fromDate: today, toDate: today }, true);
  const counts = new Map<OrderStatus, number>();
  for (const o of orders.data?.data ?? []) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={2} size="h4">
          Today&apos;s orders
        </Title>
        <Button component={Link} to={paths.dashboard.orders.getHref()} variant="subtle" size="compact-sm">
          All orders
        </Button>
      </Group>
      <CenterFilter {...filter} size="xs" />
      {orders.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading orders" mt="xs" />
      ) : orders.isError ? (
        <Text c="red">{orders.error.message}</Text>
      ) : (
        <>
          {orders.data.fromCache && (
            <Text size="xs" c="dimmed" my="xs">
              Saved at {formatTime(orders.data.updatedAt)} (offline)
            </Text>
          )}
          <Group gap="xs" mt="xs">
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
