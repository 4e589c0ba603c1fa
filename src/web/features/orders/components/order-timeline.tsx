import { Text, Timeline } from '@mantine/core';
import type { Order, OrderEvent } from '../../../../domain/schemas/order';
import { formatDateTime } from '../../../lib/lagos-time';
import { timelineSteps } from '../lib/order-status';

/** Every status the order (and its delivery) went through, with the time. */
export function OrderTimeline({ events, items }: { events: OrderEvent[]; items?: Order['items'] }) {
  const steps = timelineSteps(events, items);
  return (
    <Timeline active={steps.length - 1} bulletSize={16} lineWidth={2} aria-label="Order status timeline">
      {steps.map(({ event: e, title }) => (
        <Timeline.Item key={e.id} title={title}>
          <Text size="xs" c="dimmed">
            <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </Text>
          {e.note && <Text size="sm">{e.note}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
