import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  formatDate,
  formatNaira,
  formatOrderLineQuantity,
  isGasLine,
  orderLineName,
  paymentTypeLabel,
} from '../../../../domain/format';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { orderDetailQueryOptions } from '../api/get-order-detail';
import { phoneUnderName } from '../lib/client-phone';
import { rememberLastOrder } from '../lib/last-order';
import { orderStatusTone } from '../lib/status-colors';

export function OrderDetailScreen({ orderId }: { orderId: string }) {
  const order = useQuery(orderDetailQueryOptions(orderId));
  useEffect(() => {
    if (order.data) rememberLastOrder(orderId);
  }, [order.data, orderId]);
  if (order.isPending) return <Loader role="status" aria-label="Loading the order" />;
  if (order.isError) {
    return (
      <Stack>
        <Title order={1}>Order</Title>
        <Alert color="red" title="This order could not be loaded">
          {order.error.message}
        </Alert>
        <Button component={Link} to={paths.dashboard.orders.getHref()} variant="light" w="fit-content">
          Back to orders
        </Button>
      </Stack>
    );
  }
  const o = order.data.data;
  return (
    <Stack gap="md" maw={900}>
      {order.data.fromCache && (
        <Alert color="gray" title="Offline">
          As saved on this tablet at {formatTime(order.data.updatedAt)}.
        </Alert>
      )}
      <Group justify="space-between">
        <Title order={1}>
          {/* The number never breaks at its hyphen on a phone. */}
          Order <span style={{ whiteSpace: 'nowrap' }}>{o.orderNumber}</span>
        </Title>
        <StatusBadge size="lg" tone={orderStatusTone[o.status]}>
          {o.status}
        </StatusBadge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder>
          <Text size="xs" c="dimmed">
            Client
          </Text>
          <Text fw={600}>{o.clientName}</Text>
          {phoneUnderName(o) && <Text size="sm">{phoneUnderName(o)}</Text>}
        </Card>
        <Card withBorder>
          <Text size="xs" c="dimmed">
            Payment
          </Text>
          <Text fw={600}>
            {o.paymentType ? (paymentTypeLabel[o.paymentType] ?? o.paymentType) : 'Not chosen'} · {o.paymentStatus}
          </Text>
          <Text size="sm">{o.paidAt ? `Paid ${formatDate(o.paidAt)} ${formatTime(o.paidAt)}` : 'Not paid yet'}</Text>
        </Card>
      </SimpleGrid>
      {/* Three columns, the unit price under the quantity: a rider reads it on a 360 px phone
          without scrolling sideways, as the client's own order page does. */}
      <Table.ScrollContainer minWidth={280}>
        <Table horizontalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {o.items.map((i) => (
              <Table.Tr key={`${i.name}-${i.lineTotal}-${i.quantity}`}>
                <Table.Td>{orderLineName(i)}</Table.Td>
                <Table.Td ta="right">
                  <Text span display="block" size="sm">
                    {formatOrderLineQuantity(i)}
                  </Text>
                  <Text span display="block" size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatNaira(i.unitPrice)} {isGasLine(i) ? 'per kg' : 'each'}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNaira(i.lineTotal)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>Delivery</Table.Th>
              <Table.Td ta="right">{formatNaira(o.deliveryFee)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(o.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {o.events.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Timeline
          </Title>
          <Timeline bulletSize={14} lineWidth={2} active={o.events.length - 1}>
            {o.events.map((e) => (
              <Timeline.Item key={`${e.status}-${e.createdAt}`} title={e.status}>
                <Text size="xs" c="dimmed">
                  {formatDate(e.createdAt)} {formatTime(e.createdAt)}
                  {e.note ? ` · ${e.note}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Card>
      )}
    </Stack>
  );
}
