import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ACCOUNT_DELETION_PHRASE } from '../../../../domain/constants';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useDeleteMyAccount, useDownloadMyData } from '../api/data-rights';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status < 500 ? error.message : fallback;

/**
 * The client's data rights on the profile screen: a copy of everything held about them, and
 * deleting the account (typed confirmation; the server says what still stands in the way).
 */
export function DataRightsPanel() {
  const download = useDownloadMyData();
  const remove = useDeleteMyAccount();
  const keys = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toUpperCase() === ACCOUNT_DELETION_PHRASE;

  const submit = () => {
    const payload = { confirmation: typed.trim() };
    remove.mutate(
      { ...payload, idempotencyKey: keys.keyFor(payload) },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Your account was deleted.' }),
        onSettled: () => keys.renew(),
      },
    );
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" mt="lg">
      <Stack gap="lg">
        <Title order={2} fz={{ base: 22, sm: 24 }}>
          Your data
        </Title>
        <Stack gap={6}>
          <Text fw={600}>Download your data</Text>
          <Text size="sm">
            One file with everything we hold about you: profile, addresses, orders, payments, wallet and its history,
            cylinders and notification settings.
          </Text>
          {download.error && (
            <Alert color="red" role="alert" variant="light">
              {messageOf(download.error, 'Your data could not be downloaded. Please try again.')}
            </Alert>
          )}
          <Button variant="default" loading={download.isPending} onClick={() => download.mutate()}>
            Download my data
          </Button>
        </Stack>
        <Stack gap={6}>
          <Text fw={600}>Delete your account</Text>
          <Text size="sm">
            Your name, email, number, addresses, saved card and devices are erased and you are signed out everywhere.
            Your orders and wallet history stay in our accounts under an anonymous name, as the law on records requires.
            You can sign up again with the same number later, as a new account.
          </Text>
          <Text size="sm">
            Collect any paid order and spend or get back your wallet balance first; staff accounts are closed by a
            manager.
          </Text>
          {remove.error && (
            <Alert color="red" role="alert" variant="light">
              {messageOf(remove.error, 'Your account could not be deleted. Please try again.')}
            </Alert>
          )}
          {confirming ? (
            <Stack gap="xs">
              <TextInput
                label={`Type ${ACCOUNT_DELETION_PHRASE} to confirm`}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                autoComplete="off"
                maxLength={40}
              />
              <Button color="red.9" disabled={!matches} loading={remove.isPending} onClick={submit}>
                Delete my account for good
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  setConfirming(false);
                  setTyped('');
                }}
              >
                Cancel
              </Button>
            </Stack>
          ) : (
            <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
              Delete my account…
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
