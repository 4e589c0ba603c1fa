import { Anchor, Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatNumber } from '../../../../domain/format';
import type { Order } from '../../../../domain/schemas/order';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { formatDateTime, formatTime } from '../../../lib/lagos-time';
import { useServerEvent } from '../../../lib/use-server-event';
import { useSocketStatus } from '../../../lib/use-socket-status';
import { deliveryProgressQueryOptions } from '../api/get-delivery-progress';
import { orderKeys } from '../api/keys';
import { deliveryStepTitle } from '../lib/order-status';

/** A local number (0 + 10 digits) as a link the phone dials. */
const telLink = (phone: string) => `tel:${phone.startsWith('0') ? `+234${phone.slice(1)}` : phone}`;

/**
 * The home delivery of one order, live: each step with its time, the rider's first name and, while
 * the delivery is in transit and their phone shares it, roughly how far away they are (straight
 * line). The rider's own number is never given: the client calls the gas center's counter.
 * The socket's deliveryProgress event replaces what is shown; no reload.
 */
export function DeliveryProgressCard({
  orderId,
  orderNumber,
  items,
}: {
  orderId: string;
  orderNumber: string;
  /** The order's lines: the steps name what the rider collected. */
  items?: Order['items'];
}) {
  const queryClient = useQueryClient();
  const options = deliveryProgressQueryOptions(orderId);
  const progress = useQuery(options);
  const socket = useSocketStatus();
  const { refetch } = progress;
  // (Re)connected: what happened while the socket was away is read once; events follow from here.
  useEffect(() => {
    if (socket === 'connected') void refetch();
  }, [socket, refetch]);
  useServerEvent('deliveryProgress', (event) => {
    if (event.orderId !== orderId) return;
    queryClient.setQueryData(options.queryKey, event);
    // Delivered also completes the order: its status and timeline change too.
    if (event.status === 'Delivered' || event.status === 'Cancelled') {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderNumber) });
    }
  });
  if (!progress.data) return null;
  const p = progress.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="delivery-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="delivery-title">
            Delivery
          </Title>
          <div aria-live="polite">
            <DeliveryStatusBadge status={p.status} label={deliveryStepTitle(p.status, items)} />
          </div>
        </Group>
        {p.riderName && (
          <Text>
            Your rider: <strong>{p.riderName}</strong>
            {p.vehicle ? ` (${p.vehicle})` : ''}
          </Text>
        )}
        {p.centerPhone ? (
          <Text size="sm">
            Questions about your delivery?{' '}
            <Anchor href={telLink(p.centerPhone)} underline="always">
              Call the gas center
            </Anchor>{' '}
            ({p.centerPhone}).
          </Text>
        ) : (
          <Text size="sm">
            Questions about your delivery?{' '}
            <Anchor component={Link} to="/service-1" underline="always">
              Ask the Help centre
            </Anchor>
            .
          </Text>
        )}
        {p.distanceKm !== null && p.locatedAt && (
          <Text aria-live="polite">
            About {formatNumber(p.distanceKm, 1)} km away in a straight line (roads are longer), as of{' '}
            {formatTime(p.locatedAt)}.
          </Text>
        )}
        {p.steps.length === 0 ? (
          <Text c="dimmed">We will assign a rider soon.</Text>
        ) : (
          <Timeline active={p.steps.length - 1} bulletSize={16} lineWidth={2} aria-label="Delivery steps">
            {p.steps.map((s) => (
              <Timeline.Item key={`${s.status}-${s.at}`} title={deliveryStepTitle(s.status, items)}>
                <Text size="xs" c="dimmed">
                  <time dateTime={s.at}>{formatDateTime(s.at)}</time>
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
    </Card>
  );
}
