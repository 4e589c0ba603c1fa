import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../../domain/enums';
import { orderStatusInfo } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    // Dark text on the tinted background: Mantine's light-variant text (yellow, orange) fails AA.
    <Badge
      color={orderStatusInfo[status].color}
      variant="light"
      c="var(--mantine-color-text)"
      size="lg"
      title={orderStatusInfo[status].hint}
    >
      {status}
    </Badge>
  );
}
