import { Alert, Badge, Button, Checkbox, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { PickupOrderSummary } from '../../../../domain/schemas/pickup';
import { PickupItemsTable } from '../../../components/pickup-items-table';

const verdictColor: Record<PickupOrderSummary['eligibility'], string> = {
  Eligible: '#1b5e20',
  AlreadyPickedUp: 'gray.7',
  Delivered: 'gray.7',
  NotPaid: '#a63c06',
  DisputeExists: 'red.9',
  Cancelled: 'gray.7',
  Error: 'red.9',
};

/** What the counter needs to decide: the order, who owns it, and the eligibility verdict. */
export function CounterOrderSummary(props: {
  order: PickupOrderSummary;
  busy: boolean;
  canRequest: boolean;
  onRequest: (nomineeVerified: boolean) => void;
}) {
  const { order } = props;
  const [nomineeChecked, setNomineeChecked] = useState(false);
  const byNominee = order.deliveryOption === 'PickUpBySomeOne';
  const eligible = order.eligibility === 'Eligible';
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={2} size="h3">
            Order {order.orderNumber}
          </Title>
          <Text size="sm" c="gray.7">
            {order.clientName} · phone {order.clientPhoneHint}
          </Text>
        </div>
        <Badge color={verdictColor[order.eligibility]} size="xl" variant="filled">
          <VisuallyHidden>Eligibility: </VisuallyHidden>
          {order.eligibility}
        </Badge>
      </Group>
      <Alert color={verdictColor[order.eligibility]} variant="light" role="status">
        {order.eligibilityMessage}
      </Alert>
      <PickupItemsTable items={order.items} total={order.total} label="Items to hand over" />
      <Group gap="xs">
        <Badge color={order.clientOnline ? '#1b5e20' : 'gray.7'} variant="filled">
          {order.clientOnline ? 'Client’s phone online' : 'Client’s phone offline'}
        </Badge>
        {order.pickupDispute !== 'none' && <Badge color="red.9">Dispute: {order.pickupDispute}</Badge>}
      </Group>
      {byNominee && eligible && (
        <Alert color="blue" variant="light" title="Collected by someone else">
          <Stack gap="xs">
            <Text size="sm">
              The owner chose <strong>{order.nomineeName}</strong> ({order.nomineePhone}) to collect this order. Check
              their ID; the owner still confirms on their phone.
            </Text>
            <Checkbox
              checked={nomineeChecked}
              onChange={(e) => setNomineeChecked(e.currentTarget.checked)}
              label={`I checked the ID of ${order.nomineeName}`}
            />
          </Stack>
        </Alert>
      )}
      {eligible && (
        <Button
          size="lg"
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
