import { Alert, Button, Checkbox, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { disputeWords } from '../../../../domain/handover';
import type { PickupOrderSummary } from '../../../../domain/schemas/pickup';
import { PickupItemsTable } from '../../../components/pickup-items-table';
import { StatusBadge, statusToneThemeColor } from '../../../components/status-badge';
import { type DeskPhase, deskVerdict } from '../lib/desk-state';

/** What the desk needs to decide: the order, who owns it, and the eligibility verdict. */
export function DeskOrderSummary(props: {
  order: PickupOrderSummary;
  /** This desk's hand-over: once it has an outcome, that outcome is the card's verdict. */
  phase: DeskPhase;
  busy: boolean;
  canRequest: boolean;
  onRequest: (nomineeVerified: boolean) => void;
  /** The nominee's ID check, when the screen shares it with the hand-over without the app. */
  nomineeChecked?: boolean;
  onNomineeChecked?: (checked: boolean) => void;
}) {
  const { order } = props;
  const [ownNomineeChecked, setOwnNomineeChecked] = useState(false);
  const nomineeChecked = props.nomineeChecked ?? ownNomineeChecked;
  const setNomineeChecked = props.onNomineeChecked ?? setOwnNomineeChecked;
  const byNominee = order.deliveryOption === 'PickUpBySomeOne';
  const verdict = deskVerdict(order.eligibility, props.phase);
  const eligible = order.eligibility === 'Eligible' && verdict.showEligibilityMessage;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            Order {order.orderNumber}
          </Title>
          <Text size="sm" c="dimmed">
            {order.clientName} · phone {order.clientPhoneHint}
          </Text>
        </div>
        <StatusBadge tone={verdict.tone} size="xl">
          <VisuallyHidden>Eligibility: </VisuallyHidden>
          {verdict.label}
        </StatusBadge>
      </Group>
      {verdict.showEligibilityMessage && (
        <Alert color={statusToneThemeColor[verdict.tone]} variant="light" role="status">
          {order.eligibilityMessage}
        </Alert>
      )}
      <PickupItemsTable items={order.items} total={order.total} label="Items to hand over" />
      <Group gap="xs">
        <StatusBadge tone={order.clientOnline ? 'ok' : 'neutral'}>
          {order.clientOnline ? 'Client’s phone online' : 'Client’s phone offline'}
        </StatusBadge>
        {order.pickupDispute !== 'none' && (
          <StatusBadge tone="bad">Dispute: {disputeWords[order.pickupDispute]}</StatusBadge>
        )}
      </Group>
      {byNominee && eligible && (
        <Alert color="blue" variant="light" title="Collected by someone else">
          <Stack gap="xs">
            <Text size="sm">
              The owner chose <strong>{order.nomineeName}</strong> ({order.nomineePhone}) to collect this order. Check
              their ID; the owner still confirms, on their phone or with a code texted to them.
            </Text>
            <Checkbox
              checked={nomineeChecked}
              onChange={(e) => setNomineeChecked(e.currentTarget.checked)}
              label={`I checked the ID of ${order.nomineeName}`}
            />
          </Stack>
        </Alert>
      )}
      {/* Once the client is asked, the request's own panel says what happens and what to do. */}
      {eligible && props.phase !== 'waiting' && (
        <Button
          size="lg"
          h="auto"
          mih={50}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          onClick={() => props.onRequest(nomineeChecked)}
          loading={props.busy}
          disabled={!props.canRequest || (byNominee && !nomineeChecked)}
        >
          Ask the client to confirm
        </Button>
      )}
    </Stack>
  );
}
