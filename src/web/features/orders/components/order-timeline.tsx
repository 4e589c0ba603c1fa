import { Text, Timeline } from '@mantine/core';
import type { DeliveryStatus } from '../../../../domain/enums';
import type { OrderEvent } from '../../../../domain/schemas/order';
import { formatDateTime } from '../../../lib/lagos-time';
import { deliveryStatusLabel } from '../lib/order-status';

/** Every status the order (and its delivery) went through, with the time. */
export function OrderTimeline({ events: all }: { events: OrderEvent[] }) {
  // A delivery that arrives delivers the order at the same moment: one "Delivered" step, not two.
  const orderDelivered = all.some((e) => e.kind === 'order' && e.status === 'Delivered');
  const events = all.filter((e) => !(orderDelivered && e.kind === 'delivery' && e.status === 'Delivered'));
  return (
    <Timeline active={events.length - 1} bulletSize={16} lineWidth={2} aria-label="Order status timeline">
      {events.map((e) => (
        <Timeline.Item
          key={e.id}
          title={e.kind === 'delivery' ? (deliveryStatusLabel[e.status as DeliveryStatus] ?? e.status) : e.status}
        >
          <Text size="xs" c="dimmed">
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </Text>
          {e.note && <Text size="sm">{e.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
