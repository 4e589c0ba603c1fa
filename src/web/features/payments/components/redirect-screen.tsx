import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CARD_PROVIDER_SEGMENT, PAYMENT_REDIRECT_DELAY_MS } from '../../../../domain/constants';
import { PaymentPurpose } from '../../../../domain/enums';
import type { CheckoutDetails } from '../../../../domain/schemas/payment';
import { ApiError } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { paths } from '../../../lib/paths';
import { useOnline } from '../../../lib/use-online';
import { initiateOrderPaymentQueryOptions } from '../api/initiate-order-payment';
import { type PaymentRedirectState, readRedirectState } from '../lib/checkout-state';
import { ConnectionNeeded } from './connection-needed';

/** The checkout to open: the order's (asked of the server) or the wallet top-up's (already known). */
function useCheckout(state: PaymentRedirectState | null, idempotencyKey: string) {
  const orderNumber = state?.purpose === PaymentPurpose.OrderPayment ? state.orderNumber : '';
  const query = useQuery({
    ...initiateOrderPaymentQueryOptions(orderNumber, idempotencyKey),
    enabled: orderNumber !== '',
  });
  if (state?.purpose === PaymentPurpose.FundWallet) {
    const checkout: CheckoutDetails = {
      authorizationUrl: state.authorizationUrl ?? '',
      orderNumber: null,
      ref: state.ref,
      accessCode: state.accessCode,
      purpose: PaymentPurpose.FundWallet,
      paymentNumber: state.paymentNumber,
    };
    return { checkout, error: null, retry: () => {} };
  }
  return { checkout: query.data ?? null, error: query.error, retry: () => void query.refetch() };
}

/**
 * /payment/redirect: 'Redirecting to Paystack for Payment', then after 3 seconds the payment
 * route — with the order number, or the payment number when funding the wallet.
 */
export function PaymentRedirectScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const online = useOnline();
  const [state] = useState(() => readRedirectState(location.state));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [waited, setWaited] = useState(false);
  const { checkout, error, retry } = useCheckout(state, idempotencyKey);

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), PAYMENT_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!waited || !checkout) return;
    const id = checkout.purpose === PaymentPurpose.FundWallet ? checkout.paymentNumber : (checkout.orderNumber ?? '');
    navigate(
      paths.payment.getHref({
        provider: CARD_PROVIDER_SEGMENT,
        ref: checkout.ref,
        accessCode: checkout.accessCode,
        id,
        purpose: checkout.purpose,
      }),
      { replace: true, state: { paymentNumber: checkout.paymentNumber } },
    );
  }, [waited, checkout, navigate]);

  if (!state) {
    return (
      <Container size="xs" py="xl">
        <Stack>
          <Title order={1}>Nothing to pay</Title>
          <Text>Start a payment from your order or your wallet.</Text>
          <Group>
            <Button component={Link} to={paths.orderHistory.getHref()}>
              My orders
            </Button>
            <Button component={Link} to={paths.wallet.getHref()} variant="default">
              Wallet
            </Button>
          </Group>
        </Stack>
      </Container>
    );
  }

  // Status 0 is no answer at all; a 502 from our server (the gateway is down) is not the network.
  const offline = error instanceof ApiError && error.status === 0;
  const conflict = error instanceof ApiError && (error.status === 409 || error.status === 404);
  const backHref =
    state.purpose === PaymentPurpose.OrderPayment ? paths.order.getHref(state.orderNumber) : paths.wallet.getHref();

  return (
    <Container size="xs" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Redirecting to Paystack for Payment</Title>
        {error ? (
          offline || !online ? (
            <ConnectionNeeded online={online} onRetry={retry} />
          ) : (
            <Alert color="red" title="The payment could not start" role="alert" w="100%" ta="left">
              <Text size="sm">{error.message}</Text>
              <Group mt="md">
                {conflict ? null : <Button onClick={retry}>Try again</Button>}
                <Button component={Link} to={backHref} variant="default">
                  {state.purpose === PaymentPurpose.OrderPayment ? 'Back to order' : 'Back to wallet'}
                </Button>
              </Group>
            </Alert>
          )
        ) : (
          <>
            <Loader aria-hidden />
            <Text c="dimmed">Please wait, we are taking you to the secure payment page…</Text>
          </>
        )}
      </Stack>
    </Container>
  );
}
