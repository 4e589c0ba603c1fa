// The page's half of the offline queue for shift start and end (the worker's half is
// sw/offline-queue.ts). Each start or end gets an Idempotency-Key and a pending row in Dexie
// before it is sent; the row goes when the server's answer is known — at once, or later from the
// outcome the worker leaves in Cache Storage after a replay. Where no worker controls the page
// (first visit, dev), the page keeps the action and resends it itself with the same key when the
// network returns.
import {
  ACTING_CLIENT_HEADER,
  type EndShiftBody,
  queuedBodySchema,
  type Shift,
  type StartShiftBody,
} from '../../../../domain/schemas/shift';
import { ApiError, api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { localDb, type PendingAction, putCached } from '../../../lib/local-db';
import { settlePendingActions } from '../../../lib/queued-outcome';
import { ACTIVE_SHIFT_CACHE_KEY } from '../api/active-shift';

export type ShiftActionKind = 'shift.start' | 'shift.end';
type Payload = { body: StartShiftBody | EndShiftBody; via: 'worker' | 'page'; actingClientId?: string };
export type PendingShiftAction = PendingAction & { kind: ShiftActionKind; payload: Payload };

const pathOf: Record<ShiftActionKind, string> = { 'shift.start': 'shift/start', 'shift.end': 'shift/end' };
const isShiftKind = (kind: string): kind is ShiftActionKind => kind === 'shift.start' || kind === 'shift.end';

/** The name of each action, as its button says it. */
export const shiftActionLabel: Record<ShiftActionKind, string> = {
  'shift.start': 'Start shift',
  'shift.end': 'End shift',
};

/** The notice after an action was saved on the tablet: it names the action that was taken. */
export const queuedShiftNotice = (kind: ShiftActionKind): string =>
  `${shiftActionLabel[kind]} will sync when the network returns.`;

export type ShiftActionResult = { status: 'recorded'; shift: Shift | null } | { status: 'queued' };

export async function listPendingShiftActions(): Promise<PendingShiftAction[]> {
  const rows = await localDb.pendingActions.orderBy('createdAt').toArray();
  return rows.filter((r): r is PendingShiftAction => isShiftKind(r.kind));
}

const recordedListeners = new Set<(shift: Shift | null) => void>();

/**
 * Hears the member's shift as the server gave it with each recorded action (null once ended), before
 * the action leaves the queue: a screen showing the shift takes that word first, so it never falls
 * back, until its next read, to the shift it read before the action. Answers the way to stop.
 */
export function onShiftRecorded(listener: (shift: Shift | null) => void): () => void {
  recordedListeners.add(listener);
  return () => recordedListeners.delete(listener);
}

async function recorded(key: string, shift: Shift | null) {
  const working = shift?.workingNow ? shift : null;
  await putCached('shift', ACTIVE_SHIFT_CACHE_KEY, working);
  for (const listener of recordedListeners) listener(working);
  await localDb.pendingActions.delete(key);
}

async function send(action: PendingShiftAction): Promise<ShiftActionResult> {
  const body = await api.post<unknown>(pathOf[action.kind], action.payload.body, {
    idempotencyKey: action.id,
    headers: action.payload.actingClientId ? { [ACTING_CLIENT_HEADER]: action.payload.actingClientId } : undefined,
  });
  if (queuedBodySchema.safeParse(body).success) {
    await localDb.pendingActions.update(action.id, { payload: { ...action.payload, via: 'worker' } });
    return { status: 'queued' };
  }
  const shift = (body as { shift?: Shift | null } | null)?.shift ?? null;
  await recorded(action.id, shift);
  return { status: 'recorded', shift };
}

let lastCreatedAt = 0;
/** Strictly increasing, so a start and an end made within one millisecond keep their order. */
function nextCreatedAt(): number {
  lastCreatedAt = Math.max(Date.now(), lastCreatedAt + 1);
  return lastCreatedAt;
}

/**
 * Starts or ends the shift. Offline it resolves 'queued' (shown as pending); a real refusal by
 * the server (already on a shift…) rejects with its ApiError and leaves nothing pending.
 */
export async function submitShiftAction(
  kind: ShiftActionKind,
  body: StartShiftBody | EndShiftBody,
  actingClientId?: string,
): Promise<ShiftActionResult> {
  const action: PendingShiftAction = {
    id: newIdempotencyKey(),
    kind,
    // The moment the person acted; a late sync keeps it.
    payload: { body: { ...body, at: new Date().toISOString() }, via: 'page', actingClientId },
    createdAt: nextCreatedAt(),
    status: 'pending',
  };
  await localDb.pendingActions.put(action);
  try {
    return await send(action);
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) return { status: 'queued' };
    await localDb.pendingActions.delete(action.id);
    throw error;
  }
}

/**
 * Settles pending actions: those the worker replayed (their outcome is in Cache Storage) and,
 * when online, those only the page holds. Answers how many changed, so callers refetch.
 */
export async function reconcilePendingShiftActions(online = navigator.onLine): Promise<number> {
  return settlePendingActions(await listPendingShiftActions(), {
    online,
    refusal: 'The server refused this action',
    recorded: (action, body) => recorded(action.id, (body as { shift?: Shift | null } | null)?.shift ?? null),
    send,
  });
}

export const dismissShiftAction = (id: string) => localDb.pendingActions.delete(id);

export type EffectiveShift = {
  /** Working now, counting actions still waiting to sync. */
  working: boolean;
  /** The float of a start still waiting to sync. */
  pendingFloat: number | null;
  pending: PendingShiftAction[];
  failed: PendingShiftAction[];
};

/** The shift as the person sees it: the server's last word, then their queued actions in order. */
export function effectiveShift(serverWorking: boolean, actions: PendingShiftAction[]): EffectiveShift {
  let working = serverWorking;
  let pendingFloat: number | null = null;
  const pending = actions.filter((a) => a.status === 'pending');
  for (const a of pending) {
    working = a.kind === 'shift.start';
    pendingFloat = a.kind === 'shift.start' ? (a.payload.body as StartShiftBody).openingFloat : null;
  }
  return { working, pendingFloat, pending, failed: actions.filter((a) => a.status === 'failed') };
}
