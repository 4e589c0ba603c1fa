import { Alert, Button, Container, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX_ATTEMPTS } from '../../../../domain/constants';
import { userMessages } from '../../../../domain/errors';
import { formatNaira } from '../../../../domain/format';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { paymentKeys } from '../api/keys';
import { isPaymentComplete, isPaymentPending, verifyPaymentQueryOptions } from '../api/verify-payment';
import { isWalletFunding } from '../lib/checkout-state';
import { refundForCancelledOrder, refundText } from '../lib/refund-text';
import { SavedCardPanel } from './saved-card-panel';

/** No answer, or the server failing: worth asking again. A 4xx (not found, not yours) is not. */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export type PaymentSuccessScreenProps = {
  /** The order number; absent when funding the wallet. */
  id?: string;
  paymentNumber: string;
  purpose: string;
};

/**
 * The success route: a loader while the payment is verified (once a second, at most 4 times,
 * while pending), then 'Payment successful!' or 'Payment Error'.
 */
export function PaymentSuccessScreen({ id, paymentNumber, purpose }: PaymentSuccessScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wallet = isWalletFunding(purpose);
  const query = useQuery({
    ...verifyPaymentQueryOptions(paymentNumber),
    refetchInterval: (q) => {
      const attempts = q.state.dataUpdateCount + q.state.errorUpdateCount;
      const pending = (q.state.status === 'error' && isTransient(q.state.error)) || isPaymentPending(q.state.data);
      return pending && attempts < PAYMENT_POLL_MAX_ATTEMPTS ? PAYMENT_POLL_INTERVAL_MS : false;
    },
    refetchOnWindowFocus: false,
    // Identical pending answers do not change `data`; each one still counts as an attempt.
    notifyOnChangeProps: 'all',
  });
  const state = queryClient.getQueryState(verifyPaymentQueryOptions(paymentNumber).queryKey);
  const attempts = (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0);
  const complete = isPaymentComplete(query.data);
  const stillAsking =
    !complete &&
    attempts < PAYMENT_POLL_MAX_ATTEMPTS &&
    (query.isPending || (query.isError && isTransient(query.error)) || isPaymentPending(query.data));

  useEffect(() => {
    // The order (or wallet) changed: let every other screen fetch it afresh.
    if (complete) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== paymentKeys.all[0] });
  }, [complete, queryClient]);

  const orderNumber = query.data?.orderNumber ?? id;
  const continueHref = wallet || !orderNumber ? paths.wallet.getHref() : paths.order.getHref(orderNumber);
  const goOn = () => navigate(continueHref, { replace: true });

  if (stillAsking) {
    return (
      <Container size="xs" py="xl">
        <Stack align="center" gap="md" ta="center">
          <Loader aria-hidden />
          <Text c="dimmed">Checking your payment…</Text>
        </Stack>
      </Container>
    );
  }

  const refund = query.data ? refundText(query.data) : null;
  if (refund) {
    // The card was charged for an order already paid another way (the wallet), or cancelled
    // meanwhile (on another device): it goes back.
    return (
      <Container size="xs" py="xl">
        <Stack gap="md">
          <Title order={1}>
            {query.data && refundForCancelledOrder(query.data)
              ? 'This order was cancelled'
              : 'This order was already paid'}
          </Title>
          <Alert color="blue" role="status">
            <Text>{refund}</Text>
          </Alert>
          <Button onClick={goOn}>Continue</Button>
        </Stack>
      </Container>
    );
  }

  if (!complete) {
    return (
      <Container size="xs" py="xl">
        <Stack gap="md">
          <Title order={1}>{userMessages.paymentErrorTitle}</Title>
          <Alert color="orange" role="alert">
            <Text>{userMessages.paymentError}</Text>
            <Text size="sm" mt="xs">
              If you were charged, your payment will be processed soon. If it is not, please contact support with the
              payment number <strong>{paymentNumber}</strong>.
            </Text>
          </Alert>
          <Button onClick={goOn}>Continue</Button>
        </Stack>
      </Container>
    );
  }

  const payment = query.data;
  return (
    <Container size="xs" py="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon color="green" size={56} radius="xl" aria-hidden>
          <span style={{ fontSize: 28 }}>✓</span>
        </ThemeIcon>
        <Title order={1}>Payment successful!</Title>
        <Text>
          {wallet
            ? 'Your wallet has been funded successfully'
            : `Your payment for order number #${orderNumber} is completed`}
        </Text>
        {payment ? (
          <Text size="sm" c="dimmed">
            {formatNaira(payment.paidAmount ?? payment.amount)} · Payment number {payment.paymentNumber}
          </Text>
        ) : null}
        {payment?.cardOffer ? (
          <SavedCardPanel card={payment.cardOffer} paymentNumber={payment.paymentNumber} onDone={goOn} />
        ) : (
          <Group justify="center">
            <Button mih={44} onClick={goOn}>
              Continue
            </Button>
            {!wallet && orderNumber && (
              <Button mih={44} variant="default" component={Link} to={paths.orderReceipt.getHref(orderNumber)}>
                Receipt
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Container>
  );
}
