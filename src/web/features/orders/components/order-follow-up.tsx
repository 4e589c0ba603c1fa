import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '../../../../domain/schemas/order';
import { OrderAgainButton } from './order-again-button';

type Props = {
  order: Order;
  clientId?: string;
  productsHref: string;
  receiptHref: string;
  /** Order again now, once (the client tapped it on the order's first view). */
  orderAgainNow?: boolean;
  onOrderAgainStarted?: () => void;
};

/** Below an order: order it again, and its receipt once it is paid. */
export function OrderFollowUp({
  order,
  clientId,
  productsHref,
  receiptHref,
  orderAgainNow,
  onOrderAgainStarted,
}: Props) {
  return (
    <Group gap="sm">
      {clientId && (
        <OrderAgainButton
          order={order}
          clientId={clientId}
          productsHref={productsHref}
          startNow={orderAgainNow}
          onStarted={onOrderAgainStarted}
        />
      )}
      {order.paidAt && (
        <Button mih={44} component={Link} to={receiptHref} variant="default">
          Receipt
        </Button>
      )}
    </Group>
  );
}
