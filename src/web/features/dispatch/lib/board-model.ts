// What the dispatch board shows and offers, without its React code: the app's board
// (components/dispatch-board-screen.tsx) and its first view (light/board-view.ts) draw the same
// lanes, cards and controls from these.
import { DELIVERY_PROBLEMS, OPEN_DELIVERY_STATUSES } from '../../../../domain/dispatch-access';
import { DeliveryStatus } from '../../../../domain/enums';
import { deliveryLifecycle } from '../../../../domain/lifecycles/delivery';
import { nextStates } from '../../../../domain/lifecycles/lifecycle';
import type { DispatchDelivery, Rider } from '../../../../domain/schemas/delivery';
import { formatTime } from '../../../lib/lagos-time';
import { problemChoices } from './delivery-words';

const WAITING: readonly DeliveryStatus[] = [DeliveryStatus.Pending, DeliveryStatus.Rejected];
const isProblem = (s: DeliveryStatus) => (DELIVERY_PROBLEMS as readonly DeliveryStatus[]).includes(s);

/**
 * The cards a tablet shows without scrolling. On a long board those after them are laid out as
 * they come into sight, and their choices and buttons drawn while the tablet is idle just after.
 */
export const FIRST_SCREENFUL = 4;

/** The board's choice of every center's deliveries (CEO, Manager). */
export const ALL_CENTERS = 'all';

/** The moves a dispatcher makes with one tap (assigning and problems have their own controls). */
const tapMoves: Partial<Record<DeliveryStatus, string>> = {
  CarrierPickup: 'Collected',
  InTransit: 'In transit',
  Delivered: 'Delivered',
  Cancelled: 'Cancel delivery',
};

export const riderLabel = (r: Rider) =>
  `${r.name}${r.onShift ? '' : ' (off shift)'}${r.openDeliveries ? ` · ${r.openDeliveries} open` : ''}`;

/** The riders who may take a delivery: those of the center it goes out from. */
const ridersOf = (delivery: DispatchDelivery, riders: readonly Rider[]) =>
  delivery.centerId === undefined
    ? riders
    : riders.filter((r) => r.centerIds === undefined || r.centerIds.includes(delivery.centerId ?? ''));

/**
 * Whom a delivery can be given to, or null when it cannot be (re)assigned: the riders of its
 * center but the one it has, and whether it is a reassignment.
 */
export function assignChoices(delivery: DispatchDelivery, everyRider: readonly Rider[]) {
  const canAssign =
    delivery.status === DeliveryStatus.Accepted ||
    nextStates(deliveryLifecycle, delivery.status, 'staff').includes('Accepted');
  if (!canAssign) return null;
  const riders = ridersOf(delivery, everyRider);
  return {
    reassign: riders.some((r) => r.clientId === delivery.carrierClientId),
    choices: riders.filter((r) => r.clientId !== delivery.carrierClientId),
  };
}

/** The problems a delivery can be marked with and its one-tap moves, or null when it has none. */
export function moveChoices(delivery: DispatchDelivery) {
  const next = nextStates(deliveryLifecycle, delivery.status, 'staff');
  const problems = problemChoices.filter((p) => next.includes(p.value));
  const taps = next.filter((s) => tapMoves[s]);
  return problems.length || taps.length ? { problems, taps } : null;
}

/** A one-tap move's words on a delivery's card. */
export const tapLabel = (delivery: DispatchDelivery, to: DeliveryStatus) =>
  isProblem(delivery.status) && to === DeliveryStatus.InTransit ? 'Back on the road' : tapMoves[to];

/** The line under the facts of a delivery with a rider: who, on what, and their last step. */
export function riderLine(delivery: DispatchDelivery): { name: string; after: string } | null {
  if (!delivery.carrierName) return null;
  const last = delivery.steps.at(-1);
  return {
    name: delivery.carrierName,
    after: ` (${delivery.vehicle ?? 'Bike'})${
      last
        ? ` · last step ${formatTime(last.at)}${last.byRider ? ' by the rider' : ''}${last.located ? ', located' : ''}`
        : ''
    }`,
  };
}

export type Lane = { title: string; empty: string; list: DispatchDelivery[] };

/**
 * The board's three lanes in the page's order: waiting for a rider, on the road, finished today
 * (the last finished first).
 */
export function boardLanes(deliveries: readonly DispatchDelivery[]): [Lane, Lane, Lane] {
  const open = (d: DispatchDelivery) => OPEN_DELIVERY_STATUSES.includes(d.status);
  return [
    {
      title: 'Waiting for a rider',
      empty: 'No paid delivery is waiting.',
      list: deliveries.filter((d) => WAITING.includes(d.status)),
    },
    {
      title: 'On the road',
      empty: 'No delivery is on the road.',
      list: deliveries.filter((d) => open(d) && !WAITING.includes(d.status)),
    },
    {
      title: 'Finished today',
      empty: 'Nothing delivered or cancelled yet today.',
      list: deliveries.filter((d) => !open(d)).reverse(),
    },
  ];
}

/** A lane's heading id, which its section is labelled by. */
export const laneId = (title: string) => `dispatch-${title.toLowerCase().replace(/\W+/g, '-')}`;

/** How many cards of each lane, from its first, have their controls when `drawn` of the page's have. */
export const controlsPerLane = (drawn: number, lanes: readonly Lane[]) =>
  lanes.map((_, lane) => Math.max(0, drawn - lanes.slice(0, lane).reduce((sum, l) => sum + l.list.length, 0)));

/** The riders' line beside the heading, with when the board was read. */
export const ridersSummary = (riders: readonly Rider[], updatedAt: number) => {
  const onShift = riders.filter((r) => r.onShift).length;
  return riders.length === 0
    ? 'No Delivery Person yet: add one under Add staff.'
    : `${riders.length} ${riders.length === 1 ? 'rider' : 'riders'}, ${onShift} on shift · updated ${formatTime(updatedAt)}`;
};

/** The board's closing note. */
export const BOARD_NOTE = 'Only paid orders are shown. The board changes as soon as a delivery does.';
