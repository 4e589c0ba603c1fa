import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MAX_WALLET_AMOUNT_KOBO } from '../../../../domain/constants';
import { PaymentPurpose } from '../../../../domain/enums';
import { formatNaira, nairaToKobo } from '../../../../domain/format';
import { LoadingButton } from '../../../components/loading-button';
import { MoneyInput } from '../../../components/money-input';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useOnline } from '../../../lib/use-online';
import { useAddFund } from '../api/add-fund';

/** Router state the payment redirect screen reads (the payment details kept during checkout). */
export type FundWalletRedirectState = {
  purpose: typeof PaymentPurpose.FundWallet;
  paymentNumber: string;
  ref: string;
  accessCode: string;
  authorizationUrl: string;
};

/** Add fund: an amount, a confirm step, then off to the card checkout. */
export function AddFundPanel({ initialKobo }: { initialKobo?: number | undefined } = {}) {
  // As typed: '' while the field is empty (a 0 put back there would take the next digit behind it).
  const [typed, setTyped] = useState<number | string>(
    initialKobo ? Math.min(initialKobo, MAX_WALLET_AMOUNT_KOBO) / 100 : '',
  );
  const naira = typeof typed === 'number' ? typed : Number(typed);
  const [step, setStep] = useState<'amount' | 'confirm'>('amount');
  const navigate = useNavigate();
  const { keyFor } = useIdempotencyKey();
  const mutation = useAddFund();
  const kobo = Number.isFinite(naira) && naira > 0 ? nairaToKobo(naira) : 0;
  const tooLarge = kobo > MAX_WALLET_AMOUNT_KOBO;
  const online = useOnline();

  const confirm = () => {
    if (kobo <= 0 || tooLarge) return;
    mutation.mutate(
      { amount: kobo, idempotencyKey: keyFor({ amount: kobo }) },
      {
        onSuccess: (payment) => {
          const state: FundWalletRedirectState = {
            purpose: PaymentPurpose.FundWallet,
            paymentNumber: payment.paymentNumber,
            ref: payment.paymentReference,
            accessCode: payment.accessCode,
            authorizationUrl: payment.authorizationUrl,
          };
          navigate(paths.paymentRedirect.getHref(), { state });
        },
      },
    );
  };

  if (step === 'confirm') {
    return (
      <Stack gap="md" aria-label="Confirm amount">
        <Text>You are adding</Text>
        <Text fz={28} fw={700} data-testid="confirm-amount">
          {formatNaira(kobo)}
        </Text>
        <Text size="sm" c="dimmed">
          You will pay by card on Paystack's secure page.
        </Text>
        {mutation.isError && (
          <Alert color="red" role="alert">
            {mutation.error instanceof ApiError && mutation.error.isNetworkError
              ? 'No connection: check your network and try again.'
              : 'Something went wrong, pls try again'}
          </Alert>
        )}
        <Group grow>
          <Button variant="default" onClick={() => setStep('amount')} disabled={mutation.isPending}>
            Edit Amount
          </Button>
          <LoadingButton onClick={confirm} disabled={kobo <= 0 || !online} loading={mutation.isPending}>
            Confirm amount
          </LoadingButton>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {!online && (
        <Alert color="gray" variant="light" role="status" title="Adding funds needs a connection">
          You are offline. Connect to the internet to top up your wallet.
        </Alert>
      )}
      <MoneyInput
        disabled={!online}
        label="Amount"
        description="How much to add to your wallet"
        max={undefined}
        value={typed}
        onChange={setTyped}
        error={tooLarge ? `At most ${formatNaira(MAX_WALLET_AMOUNT_KOBO)} at a time` : undefined}
      />
      <Button onClick={() => setStep('confirm')} disabled={kobo <= 0 || tooLarge || !online}>
        Continue
      </Button>
    </Stack>
  );
}
