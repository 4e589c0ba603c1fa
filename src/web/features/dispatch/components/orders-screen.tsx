import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { orderStatusValues } from '../../../../domain/enums';
import type { Center } from '../../../../domain/schemas/center';
import type { AdminOrdersQuery, ReportCenterParam } from '../../../../domain/schemas/sales';
import { ALL_CENTERS, CenterFilter, centerParam } from '../../../components/center-filter';
import { DateRangeField } from '../../../components/date-range-field';
import { whileLoading } from '../../../components/query-states';
import { formatTime } from '../../../lib/lagos-time';
import { useDayRange } from '../../../lib/use-day-range';
import { ordersQueryOptions, type ShiftCenter } from '../api/get-orders';
import { OrdersTable } from './orders-table';

/**
 * Orders with a status filter, a date range (Lagos days) and, for a CEO or a Manager, the gas
 * center (anyone else sees their shift's), newest first.
 */
export function OrdersScreen({
  centers,
  choosesCenter = false,
  shiftCenter = { known: true, centerId: null },
}: {
  /** The company's gas centers (read by the route from the centers area). */
  centers?: readonly Center[] | undefined;
  choosesCenter?: boolean;
  shiftCenter?: ShiftCenter;
} = {}) {
  const [status, setStatus] = useState<string | null>(null);
  const [center, setCenter] = useState<ReportCenterParam>(ALL_CENTERS);
  const { range, setRange, fromDate, toDate } = useDayRange();
  const filters: AdminOrdersQuery = {
    status: (status ?? undefined) as AdminOrdersQuery['status'],
    fromDate,
    toDate,
    ...centerParam(choosesCenter, center),
  };
  const orders = useQuery({
    ...ordersQueryOptions(filters, choosesCenter ? null : shiftCenter.centerId),
    // Today's copy kept offline is the shift's center's: read once the shift says which.
    enabled: choosesCenter || shiftCenter.known,
  });
  return (
    <Stack gap="md">
      <Title order={1}>Orders</Title>
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Status"
          placeholder="Any status"
          data={orderStatusValues}
          value={status}
          onChange={setStatus}
          clearable
          w={{ base: '100%', xs: 220 }}
        />
        <DateRangeField label="Placed between" value={range} onChange={setRange} width={280} />
        <CenterFilter
          centers={centers}
          chooses={choosesCenter}
          value={center}
          onChange={setCenter}
          current={centers?.find((c) => c.id === shiftCenter.centerId)}
        />
      </Group>
      {orders.data?.fromCache && (
        <Alert color="gray" title="Offline">
          Today&apos;s orders as saved at {formatTime(orders.data.updatedAt)}.
        </Alert>
      )}
      {!orders.isSuccess ? (
        whileLoading(orders, { loading: 'Loading orders', failed: 'Orders could not be loaded', announce: false })
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {orders.data.data.length === 1 ? '1 order' : `${orders.data.data.length} orders`}
          </Text>
          <OrdersTable orders={orders.data.data} />
        </>
      )}
    </Stack>
  );
}
