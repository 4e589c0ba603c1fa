import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { userMessages } from '../../domain/errors';
import { declineAdvice } from '../lib/card-decline';

type Props = {
  opened: boolean;
  /** The reason Paystack gave (gateway_response). */
  reason: string;
  onClose: () => void;
  onTryAgain: () => void;
  /** While a new attempt is under way. */
  retrying?: boolean;
};

/**
 * The 'Payment error' dialog for a declined card, with the reason the bank gave and what to
 * do. Built from Modal's parts: Modal's own header is a <header>, which axe takes for a banner.
 */
export function CardDeclinedDialog({ opened, reason, onClose, onTryAgain, retrying = false }: Props) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Body pt="md">
          <Modal.Title fw={600} mb="sm">
            {userMessages.paymentPageErrorTitle}
          </Modal.Title>
          <Stack gap="xs" role="alert">
            <Text size="sm">{userMessages.paymentPageError}</Text>
            <Text size="sm" fw={600} data-testid="decline-reason">
              Your card was declined: {reason}
            </Text>
            <Text size="sm">{declineAdvice(reason)}</Text>
          </Stack>
          <Group mt="lg" justify="flex-end">
            <Button mih={44} variant="default" onClick={onClose} disabled={retrying}>
              Close payment
            </Button>
            <Button mih={44} onClick={onTryAgain} loading={retrying}>
              Try again
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
