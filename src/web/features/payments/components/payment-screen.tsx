import { Alert, Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUCCESS_REDIRECT_DELAY_MS } from '../../../../domain/constants';
import { userMessages } from '../../../../domain/errors';
import { CardDeclinedDialog } from '../../../components/card-declined-dialog';
import { paths } from '../../../lib/paths';
import { useOnline } from '../../../lib/use-online';
import { orderPaymentsQueryOptions } from '../api/get-order-payments';
import { paymentModeQueryOptions } from '../api/get-payment-mode';
import { CHECKOUT_LOAD_TIMEOUT_MS, type CheckoutCallbacks } from '../lib/checkout-callbacks';
import { isWalletFunding } from '../lib/checkout-state';
import { openPaystackPopup } from '../lib/open-paystack-popup';
import { ConnectionNeeded } from './connection-needed';
import { PaymentDialog } from './payment-dialog';
import { SandboxCheckout } from './sandbox-checkout';

export type PaymentScreenProps = {
  reference: string;
  accessCode: string;
  /** The order number, or the payment number when funding the wallet. */
  id: string;
  purpose: string;
  /** From the redirect screen; looked up by reference when the page was reloaded. */
  paymentNumber?: string;
};

type Phase = 'open' | 'cancelled' | 'succeeded' | 'error' | 'declined' | 'offline';

/**
 * /payment/{provider}/{ref}/{accessCode}/{id}/{purpose}: opens the checkout for the access code
 * (Paystack's pop-up live, the emulator's page in the same kind of overlay in sandbox) and
 * reacts to its callbacks: success, cancel (with the choice to go on) and error.
 */
export function PaymentScreen({ reference, accessCode, id, purpose, paymentNumber }: PaymentScreenProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const mode = useQuery(paymentModeQueryOptions());
  const wallet = isWalletFunding(purpose);
  const [phase, setPhase] = useState<Phase>(() => (navigator.onLine ? 'open' : 'offline'));
  const [attempt, setAttempt] = useState(0);
  const [declineReason, setDeclineReason] = useState('');
  const loaded = useRef(false);

  const closeHref = wallet ? paths.wallet.getHref() : paths.order.getHref(id);

  const callbacks: CheckoutCallbacks = useMemo(
    () => ({
      onLoad: () => {
        loaded.current = true;
      },
      onSuccess: () => setPhase('succeeded'),
      onCancel: () => setPhase('cancelled'),
      onError: ({ message, declined }) => {
        if (declined) {
          setDeclineReason(message);
          setPhase('declined');
        } else setPhase('error');
      },
    }),
    [],
  );

  const reopen = useCallback(() => {
    loaded.current = false;
    setAttempt((n) => n + 1);
    setPhase(navigator.onLine ? 'open' : 'offline');
  }, []);

  // Live: Paystack's pop-up, opened for each attempt.
  useEffect(() => {
    if (phase !== 'open' || mode.data !== 'live') return;
    let close: (() => void) | undefined;
    let cancelled = false;
    openPaystackPopup(accessCode, callbacks)
      .then((c) => {
        if (cancelled) c();
        else close = c;
      })
      .catch(() => setPhase(navigator.onLine ? 'error' : 'offline'));
    return () => {
      cancelled = true;
      close?.();
    };
  }, [phase, mode.data, accessCode, callbacks]);

  // A checkout that never shows itself (inline-js spins forever offline) becomes an error.
  useEffect(() => {
    if (phase !== 'open' || !mode.data) return;
    const timer = setTimeout(() => {
      if (!loaded.current) setPhase(navigator.onLine ? 'error' : 'offline');
    }, CHECKOUT_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [phase, mode.data]);

  // Losing the network before the checkout loaded: say so instead of spinning.
  useEffect(() => {
    if (!online && phase === 'open' && !loaded.current) setPhase('offline');
  }, [online, phase]);

  // Success: 'Payment success', then the success route after 2 seconds.
  useEffect(() => {
    if (phase !== 'succeeded') return;
    let stop = false;
    const timer = setTimeout(async () => {
      let number = wallet ? id : paymentNumber;
      if (!number) {
        const list = await queryClient.fetchQuery(orderPaymentsQueryOptions(id)).catch(() => []);
        number = list.find((p) => p.reference === reference)?.paymentNumber;
      }
      if (stop) return;
      if (!number) {
        navigate(paths.order.getHref(id), { replace: true });
        return;
      }
      navigate(
        wallet ? paths.walletFundSuccess.getHref(number, purpose) : paths.paymentSuccess.getHref(id, number, purpose),
        { replace: true },
      );
    }, SUCCESS_REDIRECT_DELAY_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [phase, wallet, id, paymentNumber, purpose, reference, navigate, queryClient]);

  const closePayment = () => navigate(closeHref, { replace: true });

  return (
    <Container size="xs" py="xl">
      <Stack gap="md">
        <Title order={1}>{wallet ? 'Fund your wallet' : 'Pay for your order'}</Title>
        {wallet ? null : (
          <Text>
            Order <strong>#{id}</strong>
          </Text>
        )}
        {phase === 'succeeded' ? (
          <Alert color="green" title="Payment success" role="status">
            <Group gap="xs">
              <Loader size="xs" aria-hidden />
              <Text size="sm">Confirming your payment…</Text>
            </Group>
          </Alert>
        ) : phase === 'offline' || mode.isError ? (
          <ConnectionNeeded online={online} onRetry={mode.isError ? () => void mode.refetch() : reopen} />
        ) : (
          <Group gap="xs">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">Complete your payment in the Paystack window.</Text>
          </Group>
        )}
      </Stack>

      {phase === 'open' && mode.data === 'sandbox' ? (
        <SandboxCheckout key={attempt} accessCode={accessCode} callbacks={callbacks} />
      ) : null}

      <PaymentDialog opened={phase === 'cancelled'} onClose={reopen} title="Canceling your payment?">
        <Text size="sm">Your payment is not complete. You can continue to pay now, or close it and pay later.</Text>
        <Group mt="lg" justify="flex-end">
          <Button variant="default" onClick={closePayment}>
            Close payment
          </Button>
          <Button onClick={reopen}>Continue to Pay</Button>
        </Group>
      </PaymentDialog>

      <CardDeclinedDialog
        opened={phase === 'declined'}
        reason={declineReason}
        onClose={closePayment}
        onTryAgain={reopen}
      />

      <PaymentDialog opened={phase === 'error'} onClose={closePayment} title={userMessages.paymentPageErrorTitle}>
        <Text size="sm" role="alert">
          {userMessages.paymentPageError}
        </Text>
        <Group mt="lg" justify="flex-end">
          <Button variant="default" onClick={closePayment}>
            Close payment
          </Button>
          <Button onClick={reopen}>Try again</Button>
        </Group>
      </PaymentDialog>
    </Container>
  );
}
