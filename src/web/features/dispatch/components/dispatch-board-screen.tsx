import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DeliveryStatus, type DeliveryVehicle, deliveryVehicleValues } from '../../../../domain/enums';
import { formatNaira } from '../../../../domain/format';
import type { Center } from '../../../../domain/schemas/center';
import type { DispatchDelivery, Rider } from '../../../../domain/schemas/delivery';
import { whileLoading } from '../../../components/query-states';
import { boardQueryOptions, useAssignRider, useLiveBoard, useMoveDelivery } from '../api/deliveries';
import {
  ALL_CENTERS,
  assignChoices,
  BOARD_NOTE,
  boardLanes,
  controlsPerLane,
  FIRST_SCREENFUL,
  laneId,
  moveChoices,
  riderLabel,
  riderLine,
  ridersSummary,
  tapLabel,
} from '../lib/board-model';
import { useDrawnCount } from '../lib/use-drawn-count';
import { useNow } from '../lib/use-now';
import { BoardButton } from './board-button';
import s from './board-card.module.css';
import { BoardSelect } from './board-select';
import { DeliveryFacts } from './delivery-facts';

function AssignControls({ delivery, riders }: { delivery: DispatchDelivery; riders: Rider[] }) {
  const assign = useAssignRider();
  const [riderId, setRiderId] = useState<string | null>(null);
  const [vehicle, setVehicle] = useState<DeliveryVehicle>(delivery.vehicle ?? 'Bike');
  const offered = assignChoices(delivery, riders);
  if (!offered) return null;
  const { choices, reassign } = offered;
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
  const offered = moveChoices(delivery);
  if (!offered) return null;
  const { problems, taps } = offered;
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
            {tapLabel(delivery, to)}
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
  const rider = riderLine(delivery);
  return (
    <article className={later ? `${s.card} ${s.later}` : s.card} aria-label={`Delivery ${delivery.orderNumber}`}>
      <DeliveryFacts delivery={delivery} now={now} />
      {showCenter && delivery.centerName && <p className={s.sm}>From {delivery.centerName}</p>}
      {rider && (
        <p className={s.sm}>
          Rider: <strong>{rider.name}</strong>
          {rider.after}
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
  const id = laneId(title);
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
  const lanes = boardLanes(deliveries);
  // The lanes' cards in the page's order: the first screenful's controls at once, the rest's after.
  const controls = controlsPerLane(drawn, lanes);
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
          {ridersSummary(riders, board.dataUpdatedAt)}
        </Text>
      </Group>
      {lanes.map((lane, i) => (
        <Section
          key={lane.title}
          title={lane.title}
          list={lane.list}
          riders={riders}
          now={now}
          empty={lane.empty}
          showCenter={every}
          controlsFor={controls[i] ?? 0}
        />
      ))}
      <Text size="xs" c="dimmed">
        {BOARD_NOTE}
      </Text>
    </Stack>
  );
}
