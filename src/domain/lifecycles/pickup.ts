// The counter pickup: the request's lifecycle (PickupStatus), the owner's answer on it
// (PickupConfirmationAction) and the attempt log (PickupAttemptStatus), as the server moves them
// today. Whether an order may be handed over at all is pickup-eligibility.ts. See README.md.
import { PickupAttemptStatus, PickupConfirmationAction, PickupStatus } from '../enums';
import { defineLifecycle, isFinal } from './lifecycle';

const { Pending, InProgress, Completed, Cancelled, ClientReject, Approved } = PickupStatus;

/**
 * A staff member on a shift asks the owner to confirm (Pending); the prompt reaching the owner's
 * screen makes it InProgress. It ends Completed (the owner approves: the order is Delivered),
 * ClientReject (the owner refuses), or Cancelled: the counter withdraws or refuses, it expires,
 * the order turned out ineligible when the owner approved, or a dispute was raised (by the owner
 * or staff). Approved is never written: approval and hand-over are one step (Completed).
 */
export const pickupLifecycle = defineLifecycle<PickupStatus>({
  name: 'pickup request',
  // Listed here, not taken from the enum, so a new PickupStatus fails the tests until it is placed.
  states: [Pending, InProgress, Completed, ClientReject, Cancelled, Approved],
  initial: [Pending],
  transitions: [
    { from: Pending, to: InProgress, by: ['client'], note: "the prompt is on the owner's screen" },
    ...[Pending, InProgress].flatMap((from) => [
      { from, to: Completed, by: ['client'] as const, note: 'the owner approves; the order becomes Delivered' },
      { from, to: ClientReject, by: ['client'] as const, note: 'the owner refuses, perhaps with a dispute' },
      {
        from,
        to: Cancelled,
        by: ['staff', 'client', 'system'] as const,
        note: 'withdrawn or refused by the counter, a dispute raised, expired, or found ineligible on approval',
      },
    ]),
  ],
});

const { Pending: Waiting, ClientOffLine, Approve, Rejected } = PickupConfirmationAction;

/**
 * The owner's answer on an open request. The channel flips Pending and ClientOffLine as the
 * owner's socket goes and comes back; the owner's answer settles it, even one that arrives before
 * the channel saw them back online.
 */
export const pickupConfirmationLifecycle = defineLifecycle<PickupConfirmationAction>({
  name: 'pickup confirmation',
  states: [Waiting, ClientOffLine, Approve, Rejected],
  initial: [Waiting],
  transitions: [
    { from: Waiting, to: ClientOffLine, by: ['system'] },
    { from: ClientOffLine, to: Waiting, by: ['system'] },
    ...[Waiting, ClientOffLine].flatMap((from) => [
      { from, to: Approve, by: ['client'] as const },
      { from, to: Rejected, by: ['client'] as const },
    ]),
  ],
});

const attemptStatuses = [
  PickupAttemptStatus.Pending,
  PickupAttemptStatus.Success,
  PickupAttemptStatus.Failed,
  PickupAttemptStatus.Blocked,
  PickupAttemptStatus.Expired,
  PickupAttemptStatus.Invalid,
];

/**
 * The attempt log: one row per try at a hand-over (a code typed, a QR scanned, a request, an
 * answer), written once with its outcome and never changed. So every status is a starting state
 * and none moves; a later step writes another row.
 */
export const pickupAttemptLifecycle = defineLifecycle<PickupAttemptStatus>({
  name: 'pickup attempt',
  states: attemptStatuses,
  initial: attemptStatuses,
  transitions: [],
});

/** The request still waits for an answer: Pending or InProgress (as the database's one-open-request index says). */
export const isOpenPickup = (status: PickupStatus) => !isFinal(pickupLifecycle, status);
