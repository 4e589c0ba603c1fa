import { Alert, Anchor, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { Order } from '../../../../domain/schemas/order';
import type { SavedCard } from '../../../../domain/schemas/payment';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useOnline } from '../../../lib/use-online';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions } from '../api/get-order';
import { usePayFromWallet } from '../api/pay-from-wallet';
import {
  type CheckoutWallet,
  orderCenterText,
  orderHasLiveDelivery,
  orderIsPayable,
  orderItemsTable,
  orderPayChoices,
  orderShowsPickup,
  orderWhereText,
  walletShortfall,
} from '../lib/order-model';
import { clearOrderHandoff, peekOrderIntent } from '../lib/shop-handoff';
import { walletPaymentMessage } from '../lib/wallet-error';
import { DeliveryProgressCard } from './delivery-progress-card';
import { OfflineCopyNotice } from './offline-copy-notice';
import { OrderFollowUp } from './order-follow-up';
import { OrderItemsTable } from './order-items-table';
import { OrderLoadError } from './order-load-error';
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
  /** The gas centers (read by the route): the address and hours of the one the order is collected at. */
  centers?: readonly Center[] | undefined;
};

const BACK_LINK = {
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  margin: '-10px 0',
} as const;

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
  centers,
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
    const payable = orderIsPayable(order);
    if (payable && paymentChoicesPending) return;
    clearOrderHandoff();
    const offline = data.fromCache || !online;
    // The saved card's button and "Order again" press themselves (startNow), when they are there.
    if (!offline && intent === 'pay-saved-card' && payable && savedCard) return;
    if (!offline && intent === 'order-again' && followUp?.clientId) return;
    setIntent(null);
    if (offline) return;
    const short = (walletShortfall(order.total, wallet) ?? 0) > 0;
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
  if (query.isError) return <OrderLoadError error={query.error} orderNumber={orderNumber} page="The order" />;
  const { data: order, fromCache, updatedAt } = query.data;
  // Paying or cancelling needs the server; a saved copy may also be out of date.
  const offline = fromCache || !online;
  const choices = orderPayChoices(order, { wallet, card: savedCard, offline });
  const centerText = orderCenterText(order, centers);
  if (choices && paymentChoicesPending && !offline) return loading;

  return (
    <Stack gap="md">
      {/* A 44 px target whose text takes the line it reads on, as on the order's first view. */}
      <Anchor component={Link} to={historyHref} size="sm" style={BACK_LINK}>
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

      {choices && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Text fw={600}>{choices.title}</Text>
            <Group gap="sm">
              {choices.buttons.map((button) =>
                button.intent === 'pay-saved-card' && savedCard ? (
                  <SavedCardPayButton
                    key={button.intent}
                    order={order}
                    card={savedCard}
                    label={button.label}
                    disabled={button.disabled}
                    onError={setSavedCardError}
                    chargeNow={intent === 'pay-saved-card'}
                    onChargeStarted={intentStarted}
                  />
                ) : (
                  <Button
                    key={button.intent}
                    mih={44}
                    variant={button.variant === 'danger' ? 'subtle' : button.variant}
                    color={button.variant === 'danger' ? 'red' : undefined}
                    disabled={button.disabled}
                    loading={button.intent === 'pay-wallet' && walletPay.isPending}
                    onClick={() => {
                      if (button.intent === 'pay') onPay(order);
                      else if (button.intent === 'pay-wallet')
                        walletPay.mutate({ orderNumber: order.orderNumber, idempotencyKey: walletKey });
                      else confirm.open();
                    }}
                  >
                    {button.label}
                  </Button>
                ),
              )}
            </Group>
            {choices.wallet?.kind === 'balance' && (
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {choices.wallet.text}
                </Text>
                {choices.wallet.topUp && (
                  <Anchor component={Link} to={choices.wallet.topUp.href} size="sm">
                    {choices.wallet.topUp.text}
                  </Anchor>
                )}
              </Group>
            )}
            {choices.wallet?.kind === 'create' && (
              <Text size="sm" c="dimmed">
                {choices.wallet.text}{' '}
                <Anchor component={Link} to={choices.wallet.link.href} underline="always">
                  {choices.wallet.link.text}
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
      {orderHasLiveDelivery(order) && (
        <DeliveryProgressCard orderId={order.id} orderNumber={order.orderNumber} items={order.items} />
      )}

      {orderShowsPickup(order) && (
        <OrderQrCode
          orderId={order.id}
          orderNumber={order.orderNumber}
          homeDelivery={order.deliveryOption === 'HomeDelivery'}
          centerName={order.centerName}
        />
      )}

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="items-title">
        <Title order={2} size="h3" id="items-title" mb="sm">
          Items
        </Title>
        <OrderItemsTable table={orderItemsTable(order)} />
        <Text size="sm" mt="sm">
          {orderWhereText(order)}
        </Text>
        {centerText && (
          <Text size="sm" mt="sm">
            {centerText}
          </Text>
        )}
      </Card>

      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="timeline-title">
        <Title order={2} size="h3" id="timeline-title" mb="sm">
          Status
        </Title>
        <OrderTimeline events={order.events} items={order.items} />
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
