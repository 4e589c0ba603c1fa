import { Alert, Button, Checkbox, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { userMessages } from '../../../../domain/errors';
import { LoadingButton } from '../../../components/loading-button';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useCreateWallet } from '../api/create-wallet';

// The form's rules (zod and the wallet's schemas) load when the client starts the flow, not with the
// wallet screen: most clients who open it already have a wallet.
const loadRules = () => import('../../../../domain/schemas/wallet').then((m) => m.createWalletBodySchema);

type Fields = { firstname: string; lastname: string; email: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const fieldMessages: Record<keyof Fields, string> = {
  firstname: 'Enter your first name',
  lastname: 'Enter your surname',
  email: 'Enter a valid email address',
};

function WalletIntro({ onStart }: { onStart: () => void }) {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Create your wallet
        </Title>
        <Text>
          Your Arrive wallet comes with its own bank account number. Send money to it from any Nigerian bank, or top it
          up by card, then pay for gas and orders in one tap.
        </Text>
        <Text size="sm" c="dimmed">
          We open the account with our payment partner, Paystack, in your name.
        </Text>
        <Button onClick={onStart} mt="xs">
          Get started
        </Button>
      </Stack>
    </Paper>
  );
}

/** The create-wallet flow: an intro, then firstname, surname, email and consent. */
export function CreateWalletFlow({ owner }: { owner?: Fields | undefined } = {}) {
  const [step, setStep] = useState<'intro' | 'form'>('intro');
  // The account is opened in the client's name: the profile's name and email to start from.
  const [fields, setFields] = useState<Fields>(owner ?? { firstname: '', lastname: '', email: '' });
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rulesMissing, setRulesMissing] = useState(false);
  const { keyFor } = useIdempotencyKey();
  const mutation = useCreateWallet();

  if (step === 'intro') {
    const start = () => {
      void loadRules().catch(() => undefined); // fetched while the client types
      setStep('form');
    };
    return <WalletIntro onStart={start} />;
  }

  // The one failure the client can fix: the email already belongs to another wallet.
  const emailTaken = mutation.error instanceof ApiError && mutation.error.status === 409;

  const set = (name: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const field = (name: keyof Fields) => ({ value: fields[name], onChange: set(name), error: errors[name] });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rules = await loadRules().catch(() => null);
    setRulesMissing(rules === null);
    if (!rules) return;
    const parsed = rules.safeParse({ ...fields, consentGiven: consent });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0];
        if (name === 'firstname' || name === 'lastname' || name === 'email') next[name] = fieldMessages[name];
      }
      setErrors(next);
      return;
    }
    mutation.mutate({ body: parsed.data, idempotencyKey: keyFor(parsed.data) });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label="Create wallet"
    >
      <Stack gap="sm">
        <Title order={2} size="h3">
          Your details
        </Title>
        <TextInput label="First name" name="firstname" autoComplete="given-name" required {...field('firstname')} />
        <TextInput label="Surname" name="lastname" autoComplete="family-name" required {...field('lastname')} />
        <TextInput label="Email" name="email" type="email" autoComplete="email" required {...field('email')} />
        <Checkbox
          label="I agree that Arrive opens a wallet and a dedicated bank account for me with Paystack"
          checked={consent}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        {rulesMissing && (
          <Alert color="red" role="alert" title="Wallet not created">
            {userMessages.walletCreateFailed}
          </Alert>
        )}
        {mutation.isError && (
          <Alert color="red" role="alert" title="Wallet not created">
            {emailTaken ? mutation.error.message : userMessages.walletCreateFailed}
          </Alert>
        )}
        <LoadingButton type="submit" disabled={!consent} loading={mutation.isPending}>
          Continue
        </LoadingButton>
      </Stack>
    </Paper>
  );
}
