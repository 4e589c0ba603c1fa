import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../../../domain/enums';
import { orderStatusInfo } from '../lib/order-status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge color={orderStatusInfo[status].color} variant="light" size="lg" title={orderStatusInfo[status].hint}>
      {status}
    </Badge>
  );
}
