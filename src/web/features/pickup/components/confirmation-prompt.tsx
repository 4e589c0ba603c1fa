import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { PickupRequest } from '../../../../domain/realtime-events';
import { PickupItemsTable } from '../../../components/pickup-items-table';
import { useSecondsUntil } from '../../../lib/use-seconds-until';
import { ChoiceGroup } from './choice-group';

export type Decision = { action: 'Approve' } | { action: 'Rejected'; dispute?: 'SomeOneElseClaim' };

const reasons = {
  notMe: 'It is not me: someone else is trying to collect my order',
  other: 'Another reason (I will sort it out at the counter)',
};

/** "Someone is collecting your order": approve, or refuse (and say if it is not you). */
export function ConfirmationPrompt(props: {
  request: PickupRequest;
  secondsLeft: number | null;
  sending: boolean;
  error: string | null;
  connected: boolean;
  more: number;
  onDecide: (decision: Decision) => void;
}) {
  const { request, sending, error, connected, onDecide } = props;
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState<'notMe' | 'other'>('notMe');
  const left = useSecondsUntil(request.expiresAt);
  const onBehalf = request.deliveryOption === 'PickUpBySomeOne' && request.nomineeName;

  return (
    // Built from parts: no Modal.Header (a <header> the page's banner would clash with), and the
    // title inside the body still names the dialog. Only a decision closes it.
    <Modal.Root opened onClose={() => {}} closeOnClickOutside={false} closeOnEscape={false} centered size="md">
      <Modal.Overlay />
      <Modal.Content aria-describedby="pickup-prompt-description">
        <Modal.Body pt="md">
          <Stack gap="sm">
            <Modal.Title fz="h3" fw={700}>
              Confirm your pickup
            </Modal.Title>
            <Text id="pickup-prompt-description">
              {onBehalf ? (
                <>
                  <strong>{request.nomineeName}</strong> is collecting order <strong>{request.orderNumber}</strong> for
                  you at the gas center. {request.staffName} checked their ID.
                </>
              ) : (
                <>
                  Someone is collecting order <strong>{request.orderNumber}</strong> at the gas center counter (
                  {request.staffName}).
                </>
              )}{' '}
              Approve only if this is you{onBehalf ? ' or the person you chose' : ''}.
            </Text>
            <PickupItemsTable items={request.items} total={request.total} label="Order items" />
            <Group justify="space-between">
              <Badge color={left <= 15 ? 'red.9' : 'gray.7'} variant="filled" size="lg" aria-live="polite">
                {left > 0 ? `Expires in ${left} s` : 'Expired'}
              </Badge>
              {props.more > 0 && <Text size="sm">+{props.more} more waiting</Text>}
            </Group>
            {props.secondsLeft !== null && left > 0 && (
              <Alert color="#a63c06" variant="light" role="status">
                The counter will cancel this request in about {props.secondsLeft} s without your answer.
              </Alert>
            )}
            {!connected && (
              <Alert color="gray" role="status" title="Reconnecting…">
                Your phone lost the live connection. Your answer will be sent as soon as possible.
              </Alert>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {refusing ? (
              <Stack gap="xs">
                <ChoiceGroup label="Why are you refusing?" value={reason} onChange={setReason} options={reasons} />
                <Stack gap="xs">
                  <Button
                    color="red.9"
                    size="md"
                    fullWidth
                    loading={sending}
                    onClick={() =>
                      onDecide(
                        reason === 'notMe'
                          ? { action: 'Rejected', dispute: 'SomeOneElseClaim' }
                          : { action: 'Rejected' },
                      )
                    }
                  >
                    Refuse pickup
                  </Button>
                  <Button variant="default" fullWidth onClick={() => setRefusing(false)} disabled={sending}>
                    Back
                  </Button>
                </Stack>
              </Stack>
            ) : (
              <Stack gap="xs">
                <Button
                  color="#1b5e20"
                  size="lg"
                  fullWidth
                  loading={sending}
                  onClick={() => onDecide({ action: 'Approve' })}
                >
                  Approve pickup
                </Button>
                <Button variant="outline" color="red" fullWidth onClick={() => setRefusing(true)} disabled={sending}>
                  Not me
                </Button>
              </Stack>
            )}
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
