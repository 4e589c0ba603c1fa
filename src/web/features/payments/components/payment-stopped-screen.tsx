import { Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OrderStatus, PaymentPurpose } from '../../../../domain/enums';
import { formatNaira } from '../../../../domain/format';
import { canTransition } from '../../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../../domain/lifecycles/order';
import type { Order } from '../../../../domain/schemas/order';
import { paths } from '../../../lib/paths';
import { isWalletFunding, type PaymentRedirectState } from '../lib/checkout-state';

export type PaymentStoppedScreenProps = {
  kind: 'cancelled' | 'failed';
  /** The order number (query orderId, else the route's id). */
  orderNumber?: string;
  /** The payment reference (query ref) or payment number, shown for support. */
  reference?: string;
  purpose?: string;
  /** The order as its owner (the orders feature) reads it; the route module fetches it. */
  order?: Pick<Order, 'orderNumber' | 'total' | 'status'> | undefined;
  orderLoading?: boolean;
};

/** The cancelled and failed screens: nothing was paid; the order (if any) can be paid again. */
export function PaymentStoppedScreen({
  kind,
  orderNumber,
  reference,
  purpose,
  order,
  orderLoading = false,
}: PaymentStoppedScreenProps) {
  const wallet = isWalletFunding(purpose);
  const payAgain: PaymentRedirectState | null =
    order && canTransition(orderLifecycle, order.status, OrderStatus.Paid)
      ? { purpose: PaymentPurpose.OrderPayment, orderNumber: order.orderNumber }
      : null;

  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{kind === 'cancelled' ? 'Payment cancelled' : 'Payment failed'}</Title>
        <Text>
          {kind === 'cancelled'
            ? 'You cancelled the payment. Nothing was charged.'
            : 'The payment did not go through. If you were charged, it will be refunded or applied soon.'}
        </Text>
        {reference ? (
          <Text size="sm" c="dimmed">
            Reference: {reference}
          </Text>
        ) : null}
        {orderLoading ? <Text size="sm">Loading the order…</Text> : null}
        {order ? (
          <Card withBorder radius="md">
            <Text fw={600}>Order #{order.orderNumber}</Text>
            <Text size="sm">Total: {formatNaira(order.total)}</Text>
            <Text size="sm">Status: {order.status}</Text>
          </Card>
        ) : null}
        <Group>
          {payAgain ? (
            <Button component={Link} to={paths.paymentRedirect.getHref()} state={payAgain}>
              Pay now
            </Button>
          ) : null}
          {wallet || !orderNumber ? (
            <Button component={Link} to={paths.wallet.getHref()} variant={payAgain ? 'default' : 'filled'}>
              Back to wallet
            </Button>
          ) : (
            <Button component={Link} to={paths.order.getHref(orderNumber)} variant={payAgain ? 'default' : 'filled'}>
              View order
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
