import { type PickupEligibilityStatus, PickupStatus } from '../../../../domain/enums';
import type { ServerEventName, ServerEventPayload } from '../../../../domain/realtime-events';
import type { PickupRecord } from '../../../../domain/schemas/pickup';

// The desk's view of one hand-over, driven by the events of the pickup channel. Pure, so the
// transitions are tested without a socket.

export type DeskPhase = 'idle' | 'requesting' | 'waiting' | 'approved' | 'rejected' | 'closed';
export type LogTone = 'info' | 'ok' | 'warn' | 'bad';
export type LogEntry = { id: number; tone: LogTone; text: string };

export type DeskState = {
  orderId: string | null;
  phase: DeskPhase;
  pickupId: string | null;
  expiresAt: string | null;
  clientOnline: boolean | null;
  clientSeen: boolean;
  /** A hand-over with a texted code or a supervisor's approval is on its way (its own approval event is this desk's). */
  confirming: boolean;
  /** A request that expired unanswered: said above the ways to go on (the order stays collectable). */
  notice: string | null;
  /** The headline of a finished hand-over (approved, refused, cancelled). */
  result: string | null;
  error: string | null;
  /** The request whose sending is in the log (its own event may come before or after the desk learns of it). */
  announced: string | null;
  log: LogEntry[];
};

type ServerAction = {
  [E in ServerEventName]: { type: 'server'; event: E; payload: ServerEventPayload<E> };
}[ServerEventName];

export type DeskAction =
  | { type: 'select'; orderId: string }
  /** The order was found; `request` when its owner was asked in the same call. */
  | { type: 'found'; orderId: string; request: PickupRecord | null; clientOnline: boolean }
  | { type: 'reset' }
  | { type: 'requesting' }
  | { type: 'requested'; pickupId: string; expiresAt?: string; clientOnline?: boolean }
  | { type: 'refused'; message: string }
  | { type: 'note'; tone: LogTone; text: string }
  | { type: 'confirming'; on: boolean }
  | { type: 'handedOver'; text: string }
  /** The request's state read over HTTP after the live channel (re)connected: events it missed. */
  | { type: 'caughtUp'; request: PickupRecord | null }
  | ServerAction;

export const initialDeskState: DeskState = {
  orderId: null,
  phase: 'idle',
  pickupId: null,
  expiresAt: null,
  clientOnline: null,
  clientSeen: false,
  confirming: false,
  notice: null,
  result: null,
  error: null,
  announced: null,
  log: [],
};

let nextId = 1;
const entry = (tone: LogTone, text: string): LogEntry => ({ id: nextId++, tone, text });
const log = (state: DeskState, tone: LogTone, text: string): DeskState => ({
  ...state,
  log: [entry(tone, text), ...state.log].slice(0, 30),
});

const finish = (state: DeskState, phase: DeskPhase, tone: LogTone, text: string): DeskState => ({
  ...log(state, tone, text),
  phase,
  result: text,
});

export function deskReducer(state: DeskState, action: DeskAction): DeskState {
  switch (action.type) {
    case 'select':
      return action.orderId === state.orderId && state.phase === 'waiting'
        ? state
        : { ...initialDeskState, orderId: action.orderId };
    case 'found':
      if (!action.request) return deskReducer(state, { type: 'select', orderId: action.orderId });
      return announce(
        { ...initialDeskState, orderId: action.orderId, phase: 'waiting', expiresAt: action.request.expiresAt },
        action.request.id,
        action.clientOnline,
      );
    case 'reset':
      return initialDeskState;
    case 'requesting':
      return {
        ...state,
        phase: 'requesting',
        error: null,
        notice: null,
        result: null,
        pickupId: null,
        clientSeen: false,
      };
    case 'requested':
      return {
        ...state,
        phase: state.phase === 'requesting' || state.phase === 'waiting' ? 'waiting' : state.phase,
        pickupId: action.pickupId,
        expiresAt: action.expiresAt ?? state.expiresAt,
        clientOnline: action.clientOnline ?? state.clientOnline,
      };
    case 'refused':
      // A duplicatedRequest of this very desk was adopted as its open request: keep waiting.
      if (state.phase === 'waiting' && state.pickupId) return log(state, 'info', action.message);
      return { ...log(state, 'bad', action.message), phase: 'idle', error: action.message };
    case 'note':
      return log(state, action.tone, action.text);
    case 'confirming':
      return { ...state, confirming: action.on };
    case 'handedOver':
      // The approval event may have come first: one outcome, logged once, in the words of how it was made.
      return state.phase === 'approved'
        ? { ...state, result: state.confirming ? action.text : state.result, confirming: false }
        : { ...finish(state, 'approved', 'ok', action.text), confirming: false };
    case 'server':
      return onServerEvent(state, action);
    case 'caughtUp':
      return catchUp(state, action.request);
  }
}

/**
 * A request still waiting here when the live channel (re)connects may have been answered while it
 * was down (the answer went out as an event nobody heard): the request as the server has it now
 * settles it, so "the result shows when the connection is back" holds.
 */
function catchUp(state: DeskState, request: PickupRecord | null): DeskState {
  if (state.phase !== 'waiting' || !request || request.id !== state.pickupId) return state;
  switch (request.status) {
    case PickupStatus.ClientReject:
      return finish(state, 'rejected', 'bad', 'The client refused the pickup.');
    case PickupStatus.Approved:
    case PickupStatus.Completed:
      return finish(state, 'approved', 'ok', 'Approved. Hand the order over.');
    case PickupStatus.Cancelled:
      return finish(state, 'closed', 'warn', 'The request was cancelled.');
    default:
      return state;
  }
}

/** This desk's request is open: said once in the log, however its news arrived. */
function announce(state: DeskState, pickupId: string, clientOnline: boolean): DeskState {
  const next = { ...state, pickupId, clientOnline, announced: pickupId };
  if (state.announced === pickupId) return next;
  return log(
    next,
    'info',
    clientOnline ? 'Request sent to the client’s phone.' : 'Request waiting: the client’s phone is offline.',
  );
}

function onServerEvent(state: DeskState, action: ServerAction): DeskState {
  const p = action.payload as { orderId?: string; pickupId?: string };
  if (!state.orderId || p.orderId !== state.orderId) return state;
  const mine = !!p.pickupId && p.pickupId === state.pickupId;

  if (action.event === 'requestConfirmationStaff') {
    const { payload } = action;
    if (state.phase === 'requesting' || mine) {
      return announce(
        { ...state, phase: 'waiting', expiresAt: payload.expiresAt },
        payload.pickupId,
        payload.clientOnline,
      );
    }
    return log(state, 'warn', `${payload.staffName} at another counter asked this client to confirm.`);
  }

  if (!mine) {
    // Another desk's request for the same order: only its outcome matters here.
    if (action.event === 'StaffConfirmApproval') {
      // This desk's own hand-over with a texted code or an approval, heard before its answer.
      if (state.confirming) return finish(state, 'approved', 'ok', 'Approved. Hand the order over.');
      if (state.phase === 'approved') return state;
      return finish(state, 'closed', 'bad', 'This order was just handed over at another counter. Do not hand it over.');
    }
    return state;
  }

  switch (action.event) {
    case 'clientOffLine':
    case 'ClientOffLine':
      return log({ ...state, clientOnline: false }, 'warn', action.payload.message);
    case 'ClientBackOnline':
      return log(
        { ...state, clientOnline: true },
        'info',
        'The client’s phone is back online; the request was shown again.',
      );
    case 'pingStaff':
      return log({ ...state, clientSeen: true, clientOnline: true }, 'info', 'The client is looking at the request.');
    case 'pingClientResponse':
      return log({ ...state, clientOnline: true }, 'ok', 'The client’s phone answered.');
    case 'pingClientNoResponse':
      return log(state, 'warn', action.payload.message);
    case 'ClientDelayResponse':
      return log(state, 'warn', `${action.payload.message} Ask them to check their phone.`);
    case 'CancelWarning':
      return log(state, 'warn', action.payload.message);
    case 'ClientExperiencingError':
      return log(state, 'bad', `The client’s app reports a problem: ${action.payload.message}`);
    case 'pickupConfirmationResponseStaff':
      if (action.payload.action === 'Rejected') return finish(state, 'rejected', 'bad', action.payload.message);
      if (action.payload.action === 'Approve') return log(state, 'ok', action.payload.message);
      return finish(state, 'closed', 'bad', action.payload.message);
    case 'StaffConfirmApproval':
      return finish(
        state,
        'approved',
        'ok',
        action.payload.nomineeName
          ? `Approved. Hand the order to ${action.payload.nomineeName}.`
          : 'Approved. Hand the order over.',
      );
    case 'ClientRequestCancelled':
      // An unanswered request ends, but the order is as collectable as before: the desk may
      // ask again or text the client a hand-over code. It is not told "do not hand over".
      if (action.payload.reason === 'Expired') {
        const text = `${action.payload.message} Ask again, or text the client a hand-over code.`;
        return { ...log(state, 'warn', text), phase: 'idle', pickupId: null, expiresAt: null, notice: text };
      }
      return finish(state, 'closed', 'warn', action.payload.message);
    case 'StaffCancelRequest':
      return state.phase === 'waiting' ? finish(state, 'closed', 'info', 'You cancelled the request.') : state;
    default:
      return state;
  }
}

/** The eligibility verdict in the desk's words (never the raw code). */
export const eligibilityWords: Record<PickupEligibilityStatus, string> = {
  Eligible: 'Ready for pickup',
  AlreadyPickedUp: 'Already picked up',
  NotPaid: 'Not paid',
  DisputeExists: 'Dispute open',
  Error: 'Order not found',
  Delivered: 'Already delivered',
  Cancelled: 'Cancelled',
};

const eligibilityTone: Record<PickupEligibilityStatus, LogTone> = {
  Eligible: 'ok',
  AlreadyPickedUp: 'info',
  NotPaid: 'warn',
  DisputeExists: 'bad',
  Error: 'bad',
  Delivered: 'info',
  Cancelled: 'info',
};

export type DeskVerdict = {
  label: string;
  tone: LogTone;
  /** Whether the order's eligibility message still applies (not once the live hand-over has ended). */
  showEligibilityMessage: boolean;
};

/**
 * The one verdict the order card shows. Once this desk's hand-over has an outcome, the outcome
 * is the verdict: the order fetched again after an approval says "already picked up", and one
 * fetched before a refusal still says "eligible", and neither may sit beside the live result.
 */
export function deskVerdict(eligibility: PickupEligibilityStatus, phase: DeskPhase): DeskVerdict {
  switch (phase) {
    case 'approved':
      return { label: 'Approved: hand over', tone: 'ok', showEligibilityMessage: false };
    case 'rejected':
      return { label: 'Refused: do not hand over', tone: 'bad', showEligibilityMessage: false };
    case 'closed':
      return { label: 'Do not hand over', tone: 'warn', showEligibilityMessage: false };
    default:
      return { label: eligibilityWords[eligibility], tone: eligibilityTone[eligibility], showEligibilityMessage: true };
  }
}

/**
 * The title over a failed look-up; the server's message goes under it as it is. Another center's
 * order is found but not this counter's to hand over: its message says where it is collected.
 */
export function lookupRefusalTitle(error: Error): string {
  // The api client's error names the server's reason (ApiError.reason).
  return (error as { reason?: unknown }).reason === 'OtherCenter' ? 'Collected at another gas center' : 'Not found';
}
