import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DELIVERY_PROBLEMS, OPEN_DELIVERY_STATUSES } from '../../../../domain/dispatch-access';
import { DeliveryStatus, type DeliveryVehicle, deliveryVehicleValues } from '../../../../domain/enums';
import { formatNaira } from '../../../../domain/format';
import { deliveryLifecycle } from '../../../../domain/lifecycles/delivery';
import { nextStates } from '../../../../domain/lifecycles/lifecycle';
import type { Center } from '../../../../domain/schemas/center';
import type { DispatchDelivery, Rider } from '../../../../domain/schemas/delivery';
import { whileLoading } from '../../../components/query-states';
import { formatTime } from '../../../lib/lagos-time';
import { boardQueryOptions, useAssignRider, useLiveBoard, useMoveDelivery } from '../api/deliveries';
import { problemChoices } from '../lib/delivery-words';
import { useDrawnCount } from '../lib/use-drawn-count';
import { useNow } from '../lib/use-now';
import { BoardButton } from './board-button';
import s from './board-card.module.css';
import { BoardSelect } from './board-select';
import { DeliveryFacts } from './delivery-facts';

const WAITING: DeliveryStatus[] = [DeliveryStatus.Pending, DeliveryStatus.Rejected];
const isProblem = (s: DeliveryStatus) => (DELIVERY_PROBLEMS as readonly DeliveryStatus[]).includes(s);

/** The moves a dispatcher makes with one tap (assigning and problems have their own controls). */
const tapMoves: Partial<Record<DeliveryStatus, string>> = {
  CarrierPickup: 'Collected',
  InTransit: 'In transit',
  Delivered: 'Delivered',
  Cancelled: 'Cancel delivery',
};

const riderLabel = (r: Rider) =>
  `${r.name}${r.onShift ? '' : ' (off shift)'}${r.openDeliveries ? ` · ${r.openDeliveries} open` : ''}`;

/** The riders who may take a delivery: those of the center it goes out from. */
const ridersOf = (delivery: DispatchDelivery, riders: Rider[]) =>
  delivery.centerId === undefined
    ? riders
    : riders.filter((r) => r.centerIds === undefined || r.centerIds.includes(delivery.centerId ?? ''));

function AssignControls({ delivery, riders: everyRider }: { delivery: DispatchDelivery; riders: Rider[] }) {
  const riders = ridersOf(delivery, everyRider);
  const assign = useAssignRider();
  const current = riders.find((r) => r.clientId === delivery.carrierClientId);
  const [riderId, setRiderId] = useState<string | null>(null);
  const [vehicle, setVehicle] = useState<DeliveryVehicle>(delivery.vehicle ?? 'Bike');
  const canAssign =
    delivery.status === DeliveryStatus.Accepted ||
    nextStates(deliveryLifecycle, delivery.status, 'staff').includes('Accepted');
  if (!canAssign) return null;
  const choices = riders.filter((r) => r.clientId !== delivery.carrierClientId);
  const reassign = Boolean(current);
  return (
    <div className={s.controls}>
      <div className={s.row}>
        <BoardSelect
          label={reassign ? 'Another rider' : 'Rider'}
          placeholder={choices.length ? 'Choose a rider' : 'No other Delivery Person'}
          data={choices.map((r) => ({ value: r.staffId, label: riderLabel(r) }))}
          value={riderId}
          onChange={setRiderId}
          width="rider"
        />
        <BoardSelect
          label="Vehicle"
          data={deliveryVehicleValues}
          value={vehicle}
          onChange={(v) => v && setVehicle(v as DeliveryVehicle)}
          allowDeselect={false}
          width="vehicle"
        />
        <BoardButton
          disabled={!riderId}
          loading={assign.isPending}
          onClick={() =>
            riderId &&
            assign.mutate(
              { id: delivery.id, riderId, vehicle, replacing: delivery.carrierClientId },
              { onSuccess: () => setRiderId(null) },
            )
          }
        >
          {reassign ? 'Reassign' : 'Assign'}
        </BoardButton>
      </div>
      {assign.isError && (
        <Alert color="red" role="alert" p="xs">
          {assign.error.message}
        </Alert>
      )}
    </div>
  );
}

/**
 * Asked before a delivery is called off: a paid order is cancelled with it and refunded (its
 * stock back), which cannot be taken back, so it is never one stray tap beside Collected.
 */
function CancelDialog({
  delivery,
  onConfirm,
  onClose,
}: {
  delivery: DispatchDelivery;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const paid = delivery.orderStatus === 'Paid';
  return (
    <Modal opened onClose={onClose} title={`Cancel the delivery of ${delivery.orderNumber}?`}>
      <Stack gap="md">
        <Text>
          {paid
            ? `The order is paid: it will be cancelled too, its items put back in stock, and ${formatNaira(delivery.orderTotal)} refunded to the client the way they paid (wallet or card). The client gets a message.`
            : 'The order is not paid: only the delivery is cancelled.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Keep the delivery
          </Button>
          <Button color="red.9" size="md" onClick={onConfirm}>
            {paid ? 'Cancel and refund' : 'Cancel delivery'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MoveControls({ delivery }: { delivery: DispatchDelivery }) {
  const move = useMoveDelivery();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const next = nextStates(deliveryLifecycle, delivery.status, 'staff');
  const problems = problemChoices.filter((p) => next.includes(p.value));
  const taps = next.filter((s) => tapMoves[s]);
  if (!problems.length && !taps.length) return null;
  return (
    <div className={s.controls}>
      <div className={s.row}>
        {problems.length > 0 && (
          <>
            <BoardSelect
              label="Problem"
              placeholder="Choose the problem"
              data={problems}
              value={problem}
              onChange={setProblem}
              width="problem"
            />
            <BoardButton
              variant="red"
              disabled={!problem}
              loading={move.isPending && move.variables?.status === problem}
              onClick={() =>
                problem &&
                move.mutate(
                  { id: delivery.id, status: problem as DeliveryStatus },
                  { onSuccess: () => setProblem(null) },
                )
              }
            >
              Mark problem
            </BoardButton>
          </>
        )}
        {taps.map((to) => (
          <BoardButton
            key={to}
            variant={to === DeliveryStatus.Cancelled ? 'default' : 'light'}
            loading={move.isPending && move.variables?.status === to}
            onClick={() =>
              to === DeliveryStatus.Cancelled ? setConfirmingCancel(true) : move.mutate({ id: delivery.id, status: to })
            }
          >
            {isProblem(delivery.status) && to === DeliveryStatus.InTransit ? 'Back on the road' : tapMoves[to]}
          </BoardButton>
        ))}
      </div>
      {confirmingCancel && (
        <CancelDialog
          delivery={delivery}
          onClose={() => setConfirmingCancel(false)}
          onConfirm={() => {
            setConfirmingCancel(false);
            // The card leaves the open lanes for "Finished today": the toast says what was done.
            const paid = delivery.orderStatus === 'Paid';
            move.mutate(
              { id: delivery.id, status: DeliveryStatus.Cancelled },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'green',
                    title: paid
                      ? `Order ${delivery.orderNumber} cancelled`
                      : `Delivery of ${delivery.orderNumber} cancelled`,
                    message: paid
                      ? `${formatNaira(delivery.orderTotal)} is refunded to the client the way they paid, and its items are back in stock.`
                      : 'The order stays as it was.',
                  }),
              },
            );
          }}
        />
      )}
      {move.isError && (
        <Alert color="red" role="alert" p="xs">
          {move.error.message}
        </Alert>
      )}
    </div>
  );
}

/**
 * The cards a tablet shows without scrolling. On a long board those after them are laid out as
 * they come into sight, and their choices and buttons drawn while the tablet is idle just after.
 */
const FIRST_SCREENFUL = 4;

/** Drawn again only when its delivery, the riders or the minute change: a board redraws for other reasons too. */
const DeliveryCard = memo(function DeliveryCard({
  delivery,
  riders,
  now,
  showCenter,
  later,
  withControls,
}: {
  delivery: DispatchDelivery;
  riders: Rider[];
  now: number;
  showCenter: boolean;
  /** Below the first screenful: laid out and painted only once scrolled to. */
  later: boolean;
  /** Its choices and buttons (a long board draws those of the cards below the first screenful after it). */
  withControls: boolean;
}) {
  const last = delivery.steps.at(-1);
  return (
    <article className={later ? `${s.card} ${s.later}` : s.card} aria-label={`Delivery ${delivery.orderNumber}`}>
      <DeliveryFacts delivery={delivery} now={now} />
      {showCenter && delivery.centerName && <p className={s.sm}>From {delivery.centerName}</p>}
      {delivery.carrierName && (
        <p className={s.sm}>
          Rider: <strong>{delivery.carrierName}</strong> ({delivery.vehicle ?? 'Bike'})
          {last &&
            ` · last step ${formatTime(last.at)}${last.byRider ? ' by the rider' : ''}${last.located ? ', located' : ''}`}
        </p>
      )}
      {withControls && (
        <>
          <AssignControls delivery={delivery} riders={riders} />
          <MoveControls delivery={delivery} />
        </>
      )}
    </article>
  );
});

function Section({
  title,
  list,
  riders,
  now,
  empty,
  showCenter,
  controlsFor,
}: {
  title: string;
  list: DispatchDelivery[];
  riders: Rider[];
  now: number;
  empty: string;
  showCenter: boolean;
  /** How many of its cards, from the first, have their controls drawn. */
  controlsFor: number;
}) {
  const id = `dispatch-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group gap="xs">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Badge color="gray.7" variant="filled" autoContrast={false} aria-label={`${list.length} deliveries`}>
          {list.length}
        </Badge>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <div className={s.grid}>
          {list.map((d, i) => (
            <DeliveryCard
              key={d.id}
              delivery={d}
              riders={riders}
              now={now}
              showCenter={showCenter}
              later={i >= FIRST_SCREENFUL}
              withControls={i < controlsFor}
            />
          ))}
        </div>
      )}
    </Stack>
  );
}

const ALL_CENTERS = 'all';

/**
 * Which board a CEO or a Manager looks at: the center of their shift, another center, or every
 * center's (kept in the address, `?center=`, so a reload shows the same board).
 */
function CenterChoice({
  centers,
  value,
  onChange,
}: {
  centers: Center[];
  value: string | null;
  onChange: (center: string) => void;
}) {
  return (
    <Select
      label="Gas center"
      data={[...centers.map((c) => ({ value: c.id, label: c.name })), { value: ALL_CENTERS, label: 'All centers' }]}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      w={{ base: '100%', xs: 240 }}
      size="md"
    />
  );
}

/**
 * The dispatch board of one gas center (that of the shift; a CEO or a Manager may choose another,
 * or all): paid home deliveries waiting for a rider, on the road, and finished today. It changes
 * as soon as a delivery of its center does (the real-time channel), and reads itself again now
 * and then for an event missed. `centers` (the public list) names them in the choice.
 */
export function DispatchBoardScreen({ centers = [] }: { centers?: Center[] } = {}) {
  const [params, setParams] = useSearchParams();
  const center = params.get('center') ?? undefined;
  const board = useQuery(boardQueryOptions(center));
  useLiveBoard(center, board.refetch);
  const now = useNow(30_000);
  const drawn = useDrawnCount(board.data?.deliveries.length ?? 0, FIRST_SCREENFUL);
  if (!board.isSuccess)
    return whileLoading(board, { loading: 'Loading deliveries', failed: 'Deliveries could not be loaded' });
  const { deliveries, riders } = board.data;
  const every = board.data.centerId === null;
  const boardCenter = centers.find((c) => c.id === board.data.centerId);
  const choose = (next: string) =>
    setParams(
      (before) => {
        const after = new URLSearchParams(before);
        after.set('center', next);
        return after;
      },
      { replace: true },
    );
  const open = (d: DispatchDelivery) => OPEN_DELIVERY_STATUSES.includes(d.status);
  const waiting = deliveries.filter((d) => WAITING.includes(d.status));
  const onTheRoad = deliveries.filter((d) => open(d) && !WAITING.includes(d.status));
  const finished = deliveries.filter((d) => !open(d)).reverse();
  const onShift = riders.filter((r) => r.onShift).length;
  // The lanes' cards in the page's order: the first screenful's controls at once, the rest's after.
  const lanes = [waiting.length, onTheRoad.length, finished.length] as const;
  const controlsFrom = (lane: number) => Math.max(0, drawn - lanes.slice(0, lane).reduce((a, b) => a + b, 0));
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1}>Dispatch</Title>
          {board.data.mayChooseCenter && centers.length > 1 ? (
            <CenterChoice
              centers={centers}
              value={every ? ALL_CENTERS : (board.data.centerId ?? null)}
              onChange={choose}
            />
          ) : (
            boardCenter && centers.length > 1 && <Text>{boardCenter.name}</Text>
          )}
        </Stack>
        <Text size="sm" c="dimmed">
          {riders.length === 0
            ? 'No Delivery Person yet: add one under Add staff.'
            : `${riders.length} ${riders.length === 1 ? 'rider' : 'riders'}, ${onShift} on shift · updated ${formatTime(board.dataUpdatedAt)}`}
        </Text>
      </Group>
      <Section
        title="Waiting for a rider"
        list={waiting}
        riders={riders}
        now={now}
        empty="No paid delivery is waiting."
        showCenter={every}
        controlsFor={controlsFrom(0)}
      />
      <Section
        title="On the road"
        list={onTheRoad}
        riders={riders}
        now={now}
        empty="No delivery is on the road."
        showCenter={every}
        controlsFor={controlsFrom(1)}
      />
      <Section
        title="Finished today"
        list={finished}
        riders={riders}
        now={now}
        empty="Nothing delivered or cancelled yet today."
        showCenter={every}
        controlsFor={controlsFrom(2)}
      />
      <Text size="xs" c="dimmed">
        Only paid orders are shown. The board changes as soon as a delivery does.
      </Text>
    </Stack>
  );
}
