import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import type { Order } from '../../../../domain/schemas/order';
import { OrderAgainButton } from './order-again-button';

type Props = { order: Order; clientId?: string; productsHref: string; receiptHref: string };

/** Below an order: order it again, and its receipt once it is paid. */
export function OrderFollowUp({ order, clientId, productsHref, receiptHref }: Props) {
  return (
    <Group gap="sm">
      {clientId && <OrderAgainButton order={order} clientId={clientId} productsHref={productsHref} />}
      {order.paidAt && (
        <Button mih={44} component={Link} to={receiptHref} variant="default">
          Receipt
        </Button>
      )}
    </Group>
  );
}
