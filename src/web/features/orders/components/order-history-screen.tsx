import { Alert, Anchor, Button, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ORDER_HISTORY_PAGE_SIZE } from '../../../../domain/constants';
import { formatNaira } from '../../../../domain/format';
import { clientOrderPagesQueryOptions } from '../api/get-client-orders';
import {
  ALL_ORDERS,
  historyEmptyText,
  historyStatusFilter,
  historyStatusOptions,
  orderSummaryLine,
} from '../lib/history-model';
import { clearHistoryHandoff, peekHistoryHandoff } from '../lib/shop-handoff';
import { OfflineCopyNotice } from './offline-copy-notice';
import { OrderStatusBadge } from './order-status-badge';

type Props = { orderHref: (orderNumber: string) => string; productsHref: string };

/**
 * The client's orders, newest first: status, total, date; "Show more orders" reads the next ones
 * (by the server's cursor, so a client with thousands of orders waits no longer). Each page is
 * saved for offline viewing.
 */
export function OrderHistoryScreen({ orderHref, productsHref }: Props) {
  // "All orders" is a choice of its own, as on the history's first view: never an empty field.
  const [choice, setChoice] = useState<string>(ALL_ORDERS.value);
  const status = historyStatusFilter(choice);
  // Taking over the history's first view (features/orders/light), whose status list was tapped.
  const [handoff] = useState(peekHistoryHandoff);
  useEffect(() => clearHistoryHandoff(), []);
  const query = useInfiniteQuery(clientOrderPagesQueryOptions({ status, pageSize: ORDER_HISTORY_PAGE_SIZE }));
  // The list is drawn as a transition, in slices a cheap phone can answer a tap between, not in one
  // long task when the orders arrive; the loader stays until it is drawn.
  const data = useDeferredValue(query.data);
  const pages = data?.pages ?? [];
  // Once: the last page may be the orders saved on this phone (offline), some already listed.
  const listed = new Set<string>();
  const orders = pages
    .flatMap((p) => p.data.orders)
    .filter((o) => !listed.has(o.orderNumber) && Boolean(listed.add(o.orderNumber)));
  // The notice speaks of the oldest copy shown.
  const offlinePage = pages.find((p) => p.fromCache);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap">
        <Title order={1}>Order history</Title>
        <Select
          label="Status"
          data={historyStatusOptions}
          value={choice}
          onChange={(value) => setChoice(value ?? ALL_ORDERS.value)}
          allowDeselect={false}
          w={200}
          defaultDropdownOpened={handoff?.openStatus ?? false}
          autoFocus={handoff?.openStatus ?? false}
        />
      </Group>
      {pages[0] && (
        <OfflineCopyNotice fromCache={Boolean(offlinePage)} updatedAt={(offlinePage ?? pages[0]).updatedAt} />
      )}
      {!data && !query.isError && (
        <Group justify="center" py="xl">
          <Loader role="status" aria-label="Loading orders" />
        </Group>
      )}
      {query.isError && !query.isFetchNextPageError && (
        <Alert color="red" title="Your orders could not be loaded" role="alert">
          {query.error.message}
        </Alert>
      )}
      {data && orders.length === 0 && (
        <Card withBorder padding="lg">
          <Text>
            {historyEmptyText(status)}{' '}
            {/* Underlined: in a line of text its colour alone does not set it apart (axe link-in-text-block). */}
            <Anchor component={Link} to={productsHref} underline="always">
              Order gas
            </Anchor>
          </Text>
        </Card>
      )}
      {orders.length > 0 && (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Orders">
          {orders.map((order) => (
            <Card key={order.id} withBorder radius="md" padding="md" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2}>
                  <Anchor component={Link} to={orderHref(order.orderNumber)} fw={700} size="lg">
                    {order.orderNumber}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {orderSummaryLine(order)}
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
      {query.isFetchNextPageError && (
        <Alert color="red" title="More orders could not be loaded" role="alert">
          {query.error?.message}
        </Alert>
      )}
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="light" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            Show more orders
          </Button>
        </Group>
      )}
    </Stack>
  );
}
