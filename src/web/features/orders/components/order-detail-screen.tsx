import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OrderStatus } from '../../../../domain/enums';
import { formatDate, formatNaira, formatNumber } from '../../../../domain/format';
import { canTransition } from '../../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../../domain/lifecycles/order';
import type { Order } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useOnline } from '../../../lib/use-online';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions } from '../api/get-order';
import { usePayFromWallet } from '../api/pay-from-wallet';
import { deliveryOptionLabel, itemQuantityText } from '../lib/order-status';
import { clearOrderHandoff, peekOrderIntent } from '../lib/shop-handoff';
import { walletPaymentMessage } from '../lib/wallet-error';
import type { CheckoutWallet } from './checkout-panel';
import { DeliveryProgressCard } from './delivery-progress-card';
import { OfflineCopyNotice } from './offline-copy-notice';
import { OrderFollowUp } from './order-follow-up';
import { OrderQrCode } from './order-qr-code';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { SavedCardPayButton } from './saved-card-pay-button';

type Props = {
  orderNumber: string;
  onPay: (order: Order) => void;
  historyHref: string;
  /** What the payment area says about this order's payments (a refunded duplicate card payment). */
  paymentNotice?: ReactNode;
  /** The client's wallet (read by the route): its balance decides whether it can pay this order. */
  wallet?: CheckoutWallet;
  /** The client's saved card (read by the route): an unpaid order can be paid with it in one tap. */
  savedCard?: SavedCard | null;
  /** Order again and the receipt (see OrderFollowUp); shown when given. */
  followUp?: { clientId?: string; productsHref: string; receiptHref: string };
  /**
   * The wallet or the saved card is still being read: an unpaid order waits for them, so its ways
   * to pay appear once, in their place, instead of moving under the client's thumb.
   */
  paymentChoicesPending?: boolean;
};

/** One order: lines, totals, delivery, timeline, and what the client can do now. */
export function OrderDetailScreen({
  orderNumber,
  onPay,
  historyHref,
  paymentNotice,
  wallet,
  savedCard,
  followUp,
  paymentChoicesPending = false,
}: Props) {
  const query = useQuery(orderQueryOptions(orderNumber));
  const cancel = useCancelOrder();
  const walletPay = usePayFromWallet(orderNumber);
  // One key per attempt to pay this order from the wallet: a double tap pays once.
  const walletKey = useIdempotencyKey().keyFor({ orderNumber });
  const [confirmOpen, confirm] = useDisclosure(false);
  const online = useOnline();
  const [savedCardError, setSavedCardError] = useState<string | null>(null);
  // What the client tapped on the order's first view (features/orders/light), pressed here once
  // the order and its ways to pay are drawn: the tap that brought the app is not lost.
  const [intent, setIntent] = useState(() => peekOrderIntent(orderNumber));
  const data = query.data;
  useEffect(() => {
    if (!intent || !data) return;
    const order = data.data;
    const payable = canTransition(orderLifecycle, order.status, OrderStatus.Paid);
    if (payable && paymentChoicesPending) return;
    clearOrderHandoff();
    const offline = data.fromCache || !online;
    // The saved card's button and "Order again" press themselves (startNow), when they are there.
    if (!offline && intent === 'pay-saved-card' && payable && savedCard) return;
    if (!offline && intent === 'order-again' && followUp?.clientId) return;
    setIntent(null);
    if (offline) return;
    const short = wallet?.state === 'ready' && order.total > wallet.balance;
    if (intent === 'pay' && payable) onPay(order);
    else if (intent === 'pay-wallet' && payable && wallet?.state !== 'none' && !short)
      walletPay.mutate({ orderNumber: order.orderNumber, idempotencyKey: walletKey });
    else if (intent === 'cancel' && payable && order.canCancel) confirm.open();
  }, [intent, data, online, paymentChoicesPending, savedCard, followUp, wallet, onPay, walletPay, walletKey, confirm]);
  const intentStarted = () => setIntent(null);

  const loading = (
    <Group justify="center" py="xl">
      <Loader role="status" aria-label="Loading the order" />
    </Group>
  );
  if (query.isPending) return loading;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Alert color="red" title={notFound ? 'Order not found' : 'The order could not be loaded'} role="alert">
        {notFound ? `There is no order ${orderNumber} on your account.` : query.error.message}
      </Alert>
    );
  }
  const { data: order, fromCache, updatedAt } = query.data;
  // Paying or cancelling needs the server; a saved copy may also be out of date.
  const offline = fromCache || !online;
  const payable = canTransition(orderLifecycle, order.status, OrderStatus.Paid);
  if (payable && paymentChoicesPending && !offline) return loading;
  const showPickup = order.status === 'Paid' && !order.isDelivered;
  const hasWallet = wallet?.state !== 'none';
  const shortfall = wallet?.state === 'ready' ? Math.max(0, order.total - wallet.balance) : 0;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={historyHref} size="sm">
        ← Order history
      </Anchor>
      <OfflineCopyNotice fromCache={fromCache} updatedAt={updatedAt} />
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Order <span style={{ whiteSpace: 'nowrap' }}>{order.orderNumber}</span>
          </Title>
          <Text c="dimmed" size="sm">
            Placed {formatDate(order.createdAt)}
            {/* The number of the payment that paid it: the one the success page and receipt show. */}
            {order.paidAt && (
              <>
                {' · Payment number '}
                <span style={{ whiteSpace: 'nowrap' }}>{order.paymentNumber}</span>
              </>
            )}
          </Text>
        </Stack>
        <OrderStatusBadge status={order.status} />
      </Group>
      {paymentNotice}
      {followUp && (
        <OrderFollowUp
          order={order}
          {...followUp}
          orderAgainNow={intent === 'order-again'}
          onOrderAgainStarted={intentStarted}
        />
      )}

      {payable && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text fw={600}>Pay {formatNaira(order.total)} to confirm this order</Text>
            <Group>
              {savedCard && (
                <SavedCardPayButton
                  order={order}
                  card={savedCard}
                  disabled={offline}
                  onError={setSavedCardError}
                  chargeNow={intent === 'pay-saved-card'}
                  onChargeStarted={intentStarted}
                />
              )}
              <Button onClick={() => onPay(order)} disabled={offline} variant={savedCard ? 'default' : 'filled'}>
                Pay
              </Button>
              {hasWallet && (
                <Button
                  variant="light"
                  loading={walletPay.isPending}
                  disabled={offline || shortfall > 0}
                  onClick={() => walletPay.mutate({ orderNumber: order.orderNumber, idempotencyKey: walletKey })}
                >
                  Pay from wallet
                </Button>
              )}
              {order.canCancel && (
                <Button variant="subtle" color="red" onClick={confirm.open} disabled={offline}>
                  Cancel order
                </Button>
              )}
            </Group>
            {wallet?.state === 'ready' && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  Wallet balance {formatNaira(wallet.balance)}
                </Text>
                {shortfall > 0 && (
                  <Anchor component={Link} to={paths.wallet.getHref(shortfall)} size="sm">
                    Top up {formatNaira(shortfall)}
                  </Anchor>
                )}
              </Group>
            )}
            {wallet?.state === 'none' && (
              <Text size="sm" c="dimmed">
                Want to pay from a balance?{' '}
                <Anchor component={Link} to={paths.wallet.getHref()} underline="always">
                  Create a wallet
                </Anchor>
              </Text>
            )}
            {savedCardError && (
              <Alert color="red" title="The saved card was not charged" role="alert">
                {savedCardError}
              </Alert>
            )}
            {walletPay.isError && (
              <Alert color="red" title="Wallet payment failed" role="alert">
                {walletPaymentMessage(walletPay.error)}
              </Alert>
            )}
          </Stack>
        </Card>
      )}
      {/* Outside the payment card: once paid, the order refreshes to Paid and the card goes away. */}
      {walletPay.isSuccess && (
        <Alert color="green" role="status">
          Paid from your wallet.
        </Alert>
      )}
      {cancel.isError && (
        <Alert color="red" title="The order was not cancelled" role="alert">
          {cancel.error.message}
        </Alert>
      )}

      {/* Where the home delivery is, before the code to show the rider on arrival. */}
      {order.deliveryOption === 'HomeDelivery' && order.status !== 'Not Paid' && (
        <DeliveryProgressCard orderId={order.id} orderNumber={order.orderNumber} />
      )}

      {showPickup && (
        <OrderQrCode
          orderId={order.id}
          orderNumber={order.orderNumber}
          homeDelivery={order.deliveryOption === 'HomeDelivery'}
        />
      )}

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="items-title">
        <Title order={2} size="h3" id="items-title" mb="sm">
          Items
        </Title>
        <Table.ScrollContainer minWidth={260}>
          <Table horizontalSpacing="xs" fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th>Quantity</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.name}</Table.Td>
                  <Table.Td>{itemQuantityText(item)}</Table.Td>
                  <Table.Td ta="right">{formatNaira(item.lineTotal)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={2}>Subtotal</Table.Th>
                <Table.Td ta="right">{formatNaira(order.subtotal)}</Table.Td>
              </Table.Tr>
              {order.deliveryOption === 'HomeDelivery' && (
                <Table.Tr>
                  <Table.Th colSpan={2}>
                    Delivery
                    {order.deliveryDistanceKm !== null &&
                      ` (${formatNumber(order.deliveryDistanceKm, 1)} km${order.deliveryFeeIsEstimate ? ', estimated' : ''}${order.homeDeliveryType === 'DoubleWay' ? ', collect and return' : ''})`}
                  </Table.Th>
                  <Table.Td ta="right">{formatNaira(order.deliveryFee)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th colSpan={2}>Total</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {formatNaira(order.total)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" mt="sm">
          {deliveryOptionLabel[order.deliveryOption]}
          {order.deliveryAddress && `: ${order.deliveryAddress.line1}, ${order.deliveryAddress.city}`}
          {order.nomineeName && `: ${order.nomineeName} (${order.nomineePhone})`}
        </Text>
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="timeline-title">
        <Title order={2} size="h3" id="timeline-title" mb="sm">
          Status
        </Title>
        <OrderTimeline events={order.events} />
      </Card>

      <Modal opened={confirmOpen} onClose={confirm.close} title="Cancel this order?" centered>
        <Stack>
          <Text>Order {order.orderNumber} will be cancelled. You have not paid for it, so nothing is charged.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Keep order
            </Button>
            <Button
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(order.id, { onSettled: confirm.close })}
            >
              Yes, cancel order
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
