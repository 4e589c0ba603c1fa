import { Alert, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { orderStatusValues } from '../../../../domain/enums';
import type { AdminOrdersQuery } from '../../../../domain/schemas/sales';
import { CenterFilter } from '../../../components/center-filter';
import { DateRangeField } from '../../../components/date-range-field';
import { whileLoading } from '../../../components/query-states';
import { formatTime } from '../../../lib/lagos-time';
import { useDayRange } from '../../../lib/use-day-range';
import { type CenterOrdersProps, useCenterOrders } from '../api/get-orders';
import { OrdersTable } from './orders-table';

/**
 * Orders with a status filter, a date range (Lagos days) and, for a CEO or a Manager, the gas
 * center (anyone else sees their shift's), newest first.
 */
export function OrdersScreen(props: CenterOrdersProps = {}) {
  const [status, setStatus] = useState<string | null>(null);
  const { range, setRange, fromDate, toDate } = useDayRange();
  const { orders, filter } = useCenterOrders(props, {
    status: (status ?? undefined) as AdminOrdersQuery['status'],
    fromDate,
    toDate,
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
        <CenterFilter {...filter} />
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
