import { Anchor, Group, Stack, Text } from '@mantine/core';
import { formatOrderLine } from '../../../../domain/format';
import type { DispatchDelivery } from '../../../../domain/schemas/delivery';
import { DeliveryStatusBadge } from '../../../components/delivery-status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { mapLink, sinceText, staffStepLabel, telLink } from '../lib/delivery-words';

/** Who, where and what of one delivery, and how long it has been in its state: the board and the rider share it. */
export function DeliveryFacts({ delivery, now }: { delivery: DispatchDelivery; now: number }) {
  const { address } = delivery;
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={700} size="lg">
          {delivery.orderNumber}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <DeliveryStatusBadge status={delivery.status} label={staffStepLabel(delivery.status, delivery.items)} />
          <Text size="sm" c="dimmed" aria-label={`In this state since ${formatTime(delivery.statusChangedAt)}`}>
            {sinceText(delivery.statusChangedAt, now)}
          </Text>
        </Group>
      </Group>
      <Text size="sm">
        {delivery.clientName} ·{' '}
        <Anchor
          underline="always"
          href={telLink(delivery.clientPhone)}
          aria-label={`Call ${delivery.clientName} on ${delivery.clientPhone}`}
        >
          {delivery.clientPhone}
        </Anchor>
      </Text>
      <Text size="sm">
        {address.line1}, {address.city}
        {address.note ? ` (${address.note})` : ''} ·{' '}
        <Anchor underline="always" href={mapLink(address)} target="_blank" rel="noopener noreferrer">
          Map
        </Anchor>
      </Text>
      <Text size="sm" c="dimmed">
        {delivery.items.map((i) => formatOrderLine(i)).join(', ')}
        {delivery.type === 'DoubleWay' ? ' · collect the empty cylinder first' : ''}
      </Text>
      {delivery.note && <Text size="sm">Note: {delivery.note}</Text>}
    </Stack>
  );
}
