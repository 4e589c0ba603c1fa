import { Alert, Button, Card, Collapse, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { RIDER_OPEN_STATUSES } from '../../../../domain/dispatch-access';
import { DeliveryStatus } from '../../../../domain/enums';
import { deliveryLifecycle } from '../../../../domain/lifecycles/delivery';
import { nextStates } from '../../../../domain/lifecycles/lifecycle';
import type { DispatchDelivery } from '../../../../domain/schemas/delivery';
import { whileLoading } from '../../../components/query-states';
import { formatTime } from '../../../lib/lagos-time';
import { useLiveRows, useQueuedSettling } from '../../../lib/use-queued-actions';
import { myDeliveriesQueryOptions, sendPosition, useMoveDelivery } from '../api/deliveries';
import { mapLink, problemChoices, staffStepLabel, telLink } from '../lib/delivery-words';
import {
  dismissStep,
  listPendingSteps,
  type PendingStep,
  reconcilePendingSteps,
  statusWithPending,
} from '../lib/step-queue';
import { useNow } from '../lib/use-now';
import { useRiderPosition } from '../lib/use-rider-position';
import { DeliveryFacts } from './delivery-facts';

/** A waiting step in the words of the button that took it. */
const stepWords = (step: PendingStep) => step.payload.label ?? staffStepLabel(step.payload.status);
/** A server's message ends its sentence before the next one. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** While a delivery is on the road, the phone's position is sent this often (README: delivery). */
const POSITION_EVERY_MS = 60_000;

/**
 * The one big next step of each state, in the rider's words (what is collected is named from
 * the order's items: nextStepOf).
 */
const nextStep: Partial<Record<DeliveryStatus, { to: DeliveryStatus; label: string }>> = {
  Accepted: { to: DeliveryStatus.CarrierPickup, label: 'Collected' },
  CarrierPickup: { to: DeliveryStatus.InTransit, label: 'In transit' },
  InTransit: { to: DeliveryStatus.Delivered, label: 'Delivered' },
  OrderNotDelivered: { to: DeliveryStatus.InTransit, label: 'Back on the road' },
  CantLocateClientLocation: { to: DeliveryStatus.InTransit, label: 'Back on the road' },
  Other: { to: DeliveryStatus.InTransit, label: 'Back on the road' },
};

/** The next step of a delivery: "Collected the stove" for a stove, "Collected the items" for several. */
function nextStepOf(delivery: DispatchDelivery, status: DeliveryStatus) {
  const step = nextStep[status];
  return step?.to === DeliveryStatus.CarrierPickup ? { ...step, label: staffStepLabel(step.to, delivery.items) } : step;
}

function RiderCard({
  delivery,
  now,
  position,
  waiting,
  riderClientId,
}: {
  delivery: DispatchDelivery;
  now: number;
  position: ReturnType<typeof useRiderPosition>;
  /** Its steps taken without a network, waiting on the phone to be sent. */
  waiting: PendingStep[];
  riderClientId: string | undefined;
}) {
  const move = useMoveDelivery({ mayQueue: true, actingClientId: riderClientId });
  const [reporting, setReporting] = useState(false);
  // The buttons follow the steps already taken, sent or waiting.
  const status = statusWithPending(delivery.status, delivery.id, waiting);
  const open = RIDER_OPEN_STATUSES.includes(status);
  const step = open ? nextStepOf(delivery, status) : undefined;
  const problems = open
    ? problemChoices.filter((p) => nextStates(deliveryLifecycle, status, 'carrier').includes(p.value))
    : [];
  // Delivered needs the client's delivery code, read out or shown on their order page.
  const [code, setCode] = useState('');
  const needsCode = step?.to === DeliveryStatus.Delivered;
  const go = (to: DeliveryStatus, label: string) => {
    const location = position.latest();
    move.mutate(
      {
        id: delivery.id,
        orderNumber: delivery.orderNumber,
        label,
        status: to,
        ...(location ? { location } : {}),
        ...(to === DeliveryStatus.Delivered ? { code } : {}),
      },
      {
        onSuccess: () => {
          setReporting(false);
          setCode('');
        },
      },
    );
  };
  const busy = (to: DeliveryStatus) => move.isPending && move.variables?.status === to;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Delivery ${delivery.orderNumber}`}>
      <Stack gap="sm">
        <DeliveryFacts delivery={delivery} now={now} />
        <SimpleGrid cols={2} spacing="xs">
          <Button component="a" href={telLink(delivery.clientPhone)} variant="default" size="md" h={48} px="xs">
            Call client
          </Button>
          <Button
            component="a"
            href={mapLink(delivery.address)}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="md"
            h={48}
            px="xs"
          >
            Open map
          </Button>
        </SimpleGrid>
        {step && needsCode && (
          <TextInput
            label="Client's delivery code"
            description="On the client's order page: ask them to show or read it"
            size="lg"
            value={code}
            onChange={(e) =>
              setCode(
                e.currentTarget.value
                  .replace(/[^0-9a-z]/gi, '')
                  .toUpperCase()
                  .slice(0, 12),
              )
            }
            autoComplete="off"
            autoCapitalize="characters"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em', fontWeight: 700 } }}
          />
        )}
        {step && (
          <Button
            size="lg"
            fullWidth
            loading={busy(step.to)}
            disabled={needsCode && code === ''}
            onClick={() => go(step.to, step.label)}
          >
            {step.label}
          </Button>
        )}
        {problems.length > 0 && (
          <>
            <Button color="red.9" size="lg" fullWidth aria-expanded={reporting} onClick={() => setReporting((r) => !r)}>
              Problem
            </Button>
            <Collapse expanded={reporting}>
              <Stack gap="xs">
                {problems.map((p) => (
                  <Button
                    key={p.value}
                    variant="default"
                    size="lg"
                    loading={busy(p.value)}
                    onClick={() => go(p.value, p.label)}
                  >
                    {p.label}
                  </Button>
                ))}
              </Stack>
            </Collapse>
          </>
        )}
        {move.isError && (
          <Alert color="red" role="alert" title="Not recorded">
            {move.error.message}
          </Alert>
        )}
        {waiting.length > 0 && (
          <Alert color="orange" role="status" title="Saved on this phone">
            {waiting.map((w) => `${stepWords(w)} at ${formatTime(w.payload.at)}`).join(', ')}: sent when the network is
            back, with the time you took {waiting.length > 1 ? 'them' : 'it'}.
            {waiting.some((w) => w.payload.status === DeliveryStatus.Delivered) &&
              " The delivery code is checked then: keep the client's number in case it was not the right one."}
          </Alert>
        )}
        {delivery.steps.length > 0 && (
          <Text size="xs" c="dimmed">
            {delivery.steps.map((s) => `${staffStepLabel(s.status, delivery.items)} ${formatTime(s.at)}`).join(' · ')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The rider's phone: today's deliveries, the client to call, the map, and the buttons that move a
 * delivery along — each recorded with its time and, where the phone allows, where it was.
 */
export function RiderScreen({ riderClientId }: { riderClientId?: string | undefined } = {}) {
  const mine = useQuery(myDeliveriesQueryOptions());
  const steps = useLiveRows(listPendingSteps);
  const { refetch } = mine;
  useQueuedSettling(
    reconcilePendingSteps,
    useCallback(() => void refetch(), [refetch]),
  );
  const waiting = steps.filter((s) => s.status === 'pending');
  const refused = steps.filter((s) => s.status === 'failed');
  const now = useNow(30_000);
  const open = (mine.data?.data.deliveries ?? []).filter((d) => RIDER_OPEN_STATUSES.includes(d.status));
  const onTheRoad = open.filter(
    (d) => d.status === DeliveryStatus.CarrierPickup || d.status === DeliveryStatus.InTransit,
  );
  const position = useRiderPosition(open.length > 0);
  const roadIds = onTheRoad.map((d) => d.id).join(',');

  // While on the road, the client sees roughly how far away the rider is: a position a minute.
  useEffect(() => {
    if (!roadIds) return;
    const timer = setInterval(() => {
      const where = position.latest();
      if (!where) return;
      for (const id of roadIds.split(',')) void sendPosition(id, where).catch(() => {});
    }, POSITION_EVERY_MS);
    return () => clearInterval(timer);
  }, [roadIds, position]);

  if (!mine.isSuccess) {
    return whileLoading(mine, { loading: 'Loading your deliveries', failed: 'Your deliveries could not be loaded' });
  }
  const done = mine.data.data.deliveries.filter((d) => !RIDER_OPEN_STATUSES.includes(d.status));
  return (
    <Stack gap="md">
      <Title order={1}>My deliveries</Title>
      {mine.data.fromCache && (
        <Alert color="gray" title="Offline" role="status">
          Your deliveries as saved on this phone at {formatTime(mine.data.updatedAt)}. The steps you take are saved on
          this phone and sent when the network is back.
        </Alert>
      )}
      {refused.map((s) => (
        <Alert
          key={s.id}
          color="red"
          role="alert"
          title={`${s.payload.orderNumber}: “${stepWords(s)}” was not recorded`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {sentence(s.error ?? 'The server refused this step')} It was taken at {formatTime(s.payload.at)} without a
              network.
            </Text>
            <Button variant="default" size="md" h={44} onClick={() => void dismissStep(s.id)}>
              Dismiss
            </Button>
          </Stack>
        </Alert>
      ))}
      {open.length === 0 ? (
        <Text>No delivery for you right now. The dispatcher assigns them; this list refreshes by itself.</Text>
      ) : (
        open.map((d) => (
          <RiderCard
            key={d.id}
            delivery={d}
            now={now}
            position={position}
            waiting={waiting.filter((w) => w.payload.deliveryId === d.id)}
            riderClientId={riderClientId}
          />
        ))
      )}
      {done.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="rider-done">
          <Title order={2} size="h4" id="rider-done">
            Done today
          </Title>
          {done.map((d) => (
            <Group key={d.id} justify="space-between" wrap="nowrap">
              <Text size="sm">
                {d.orderNumber} · {d.address.city}
              </Text>
              <Text size="sm">
                {staffStepLabel(d.status, d.items)} {formatTime(d.statusChangedAt)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        Each step is saved with its time and, if you allow it, where your phone is.
      </Text>
    </Stack>
  );
}
