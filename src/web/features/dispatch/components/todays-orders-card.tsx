import { Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type OrderStatus, orderStatusValues } from '../../../../domain/enums';
import { lagosDateKey } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { ReportCenterParam } from '../../../../domain/schemas/sales';
import { ALL_CENTERS, CenterFilter, centerParam } from '../../../components/center-filter';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { ordersQueryOptions, type ShiftCenter } from '../api/get-orders';
import { orderStatusTone } from '../lib/status-colors';

/**
 * Today's orders counted by status, for the dashboard home: the company's or one center's for a
 * CEO or a Manager (they choose), the center of their shift for anyone else.
 */
export function TodaysOrdersCard({
  centers,
  choosesCenter = false,
  shiftCenter = { known: true, centerId: null },
}: {
  /** The company's gas centers (read by the route from the centers area). */
  centers?: readonly Center[] | undefined;
  choosesCenter?: boolean;
  shiftCenter?: ShiftCenter;
} = {}) {
  const today = lagosDateKey(new Date());
  const [center, setCenter] = useState<ReportCenterParam>(ALL_CENTERS);
  const orders = useQuery({
    ...ordersQueryOptions(
      { fromDate: today, toDate: today, ...centerParam(choosesCenter, center) },
      choosesCenter ? null : shiftCenter.centerId,
    ),
    // The copy kept offline is the shift's center's: its list is read once the shift says which.
    enabled: choosesCenter || shiftCenter.known,
    // Another center chosen: the last counts stay until its own arrive.
    placeholderData: (previous) => previous,
  });
  const counts = new Map<OrderStatus, number>();
  for (const o of orders.data?.data ?? []) counts.set(o.status, (counts.get(o.status) ?? 0) + 1);
  const current = centers?.find((c) => c.id === shiftCenter.centerId);

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
      <CenterFilter
        centers={centers}
        chooses={choosesCenter}
        value={center}
        onChange={setCenter}
        current={current}
        size="xs"
      />
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
