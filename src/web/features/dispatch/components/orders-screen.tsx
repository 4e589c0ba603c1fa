import { Alert, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { orderStatusValues } from '../../../../domain/enums';
import { lagosDateKey } from '../../../../domain/format';
import type { AdminOrdersQuery } from '../../../../domain/schemas/sales';
import { formatTime } from '../../../lib/lagos-time';
import { ordersQueryOptions } from '../api/get-orders';
import { OrdersTable } from './orders-table';

type Range = [string | null, string | null];

/** Orders with a status filter and a date range (Lagos days), newest first. */
export function OrdersScreen() {
  const today = lagosDateKey(new Date());
  const [status, setStatus] = useState<string | null>(null);
  const [range, setRange] = useState<Range>([today, today]);
  const filters: AdminOrdersQuery = {
    status: (status ?? undefined) as AdminOrdersQuery['status'],
    fromDate: range[0] ?? today,
    toDate: range[1] ?? range[0] ?? today,
  };
  const orders = useQuery(ordersQueryOptions(filters));
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
        <DatePickerInput
          type="range"
          label="Placed between"
          valueFormat="DD/MM/YYYY"
          value={range}
          onChange={(v) => setRange(v as Range)}
          allowSingleDateInRange
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {orders.data?.fromCache && (
        <Alert color="gray" title="Offline">
          Today&apos;s orders as saved at {formatTime(orders.data.updatedAt)}.
        </Alert>
      )}
      {orders.isPending ? (
        <Loader role="status" aria-label="Loading orders" />
      ) : orders.isError ? (
        <Alert color="red" title="Orders could not be loaded">
          {orders.error.message}
        </Alert>
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
