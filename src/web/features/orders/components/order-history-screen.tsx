import { Alert, Anchor, Card, Group, Loader, Pagination, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { orderStatusValues } from '../../../../domain/enums';
import { formatDate, formatNaira } from '../../../../domain/format';
import { clientOrdersQueryOptions } from '../api/get-client-orders';
import { deliveryOptionLabel } from '../lib/order-status';
import { OfflineCopyNotice } from './offline-copy-notice';
import { OrderStatusBadge } from './order-status-badge';

const PAGE_SIZE = 10;

type Props = { orderHref: (orderNumber: string) => string; productsHref: string };

/** The client's orders, newest first: status, total, date; saved for offline viewing. */
export function OrderHistoryScreen({ orderHref, productsHref }: Props) {
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery(clientOrdersQueryOptions({ status: status ?? undefined, page, pageSize: PAGE_SIZE }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={1}>Order history</Title>
        <Select
          label="Status"
          placeholder="All orders"
          data={orderStatusValues}
          value={status}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          clearable
          w={200}
        />
      </Group>
      {query.data && <OfflineCopyNotice fromCache={query.data.fromCache} updatedAt={query.data.updatedAt} />}
      {query.isPending && (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading orders" />
        </Group>
      )}
      {query.isError && (
        <Alert color="red" title="Your orders could not be loaded" role="alert">
          {query.error.message}
        </Alert>
      )}
      {query.data && query.data.data.orders.length === 0 && (
        <Card withBorder padding="lg">
          <Text>
            {status ? `No ${status} orders.` : 'You have no orders yet.'}{' '}
            <Anchor component={Link} to={productsHref}>
              Order gas
            </Anchor>
          </Text>
        </Card>
      )}
      {query.data && query.data.data.orders.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Orders">
          {query.data.data.orders.map((order) => (
            <Card key={order.id} withBorder radius="md" padding="md" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Anchor component={Link} to={orderHref(order.orderNumber)} fw={700} size="lg">
                    {order.orderNumber}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {formatDate(order.createdAt)} · {deliveryOptionLabel[order.deliveryOption]} · {order.items.length}{' '}
                    {order.items.length === 1 ? 'item' : 'items'}
                  </Text>
                </Stack>
                <Group gap="md">
                  <Text fw={700}>{formatNaira(order.total)}</Text>
                  <OrderStatusBadge status={order.status} />
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {query.data && query.data.data.total > PAGE_SIZE && (
        <Pagination
          total={Math.ceil(query.data.data.total / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      )}
    </Stack>
  );
}
