// The offline queue's contract between the page and the service worker: the calls it carries
// (shift start and end, walk-in sales, signing out, a rider's steps), their replay and outcomes.
// Kept here so the page, the worker and the server's flap test share it; it imports nothing, so
// the worker's script stays small (schemas/shift.ts re-exports it for the queued answer's schema).

export type ReplayOutcome = 'done' | 'retry' | 'failed';

/** A gateway error means the server was not reached: offline. */
export const OFFLINE_STATUSES: readonly number[] = [502, 503, 504];

/**
 * 2xx: recorded (or the first answer replayed by its Idempotency-Key). 502/503/504 or no answer:
 * still offline, keep it queued. Anything else is the server's real answer (already on a shift,
 * no shift to end, signed out): it reaches the person and is not retried.
 */
export function replayOutcome(status: number | null): ReplayOutcome {
  if (status === null || status === 0 || OFFLINE_STATUSES.includes(status)) return 'retry';
  if (status >= 200 && status < 300) return 'done';
  return 'failed';
}

/**
 * Shift start and end, and walk-in sales: one queue, so a sale made offline reaches the server
 * before a later shift end.
 */
export const SHIFT_AND_SALE_PATHS: readonly string[] = ['/api/shift/start', '/api/shift/end', '/api/client/new_order'];
/**
 * Signing out (POST): queued too, so a device signed out without a network is signed out on the
 * server as soon as it has one; until then its worker answers the sign-in check "signed out".
 */
export const LOGOUT_PATH = '/api/auth/logout';
/**
 * Sent with queued actions: whose action it is. A shared staff tablet may replay an action after
 * its author signed out and a colleague signed in; the server refuses it rather than ending the
 * colleague's shift (or signing the colleague out).
 */
export const ACTING_CLIENT_HEADER = 'x-arrive-acting-client';
/** A rider's step on a delivery (PUT): queued too when the rider's phone asks for it (below). */
export const DELIVERY_STEP_PATH = /^\/api\/delivery\/status\/[^/]+$/;
/** The same paths as a URL pattern's pathname, for the routes that reach the worker (sw/network-routes.ts). */
export const DELIVERY_STEP_PATTERN = '/api/delivery/status/:id';
/** The app's sign-in check (GET), which a sign-out waiting in the queue answers. */
export const SIGN_IN_CHECK_PATH = '/api/auth/cookie_auth';
/**
 * Sent with a rider's step: queue it if there is no network. Without it (a dispatcher's move on the
 * board, which shows no queue) the call goes to the network and fails offline, as other actions do.
 */
export const QUEUE_OFFLINE_HEADER = 'x-queue-offline';

/** Whether the worker queues this call when it cannot reach the server. */
export function isQueuedAction(method: string, pathname: string, headers: Pick<Headers, 'has'>): boolean {
  if (method === 'POST') return SHIFT_AND_SALE_PATHS.includes(pathname) || pathname === LOGOUT_PATH;
  return method === 'PUT' && DELIVERY_STEP_PATH.test(pathname) && headers.has(QUEUE_OFFLINE_HEADER);
}
/**
 * When the device sent a call, by its own clock (set again by the worker at each replay). A moment
 * the call carries (`at`, `soldAt`) is read as that long before now on the server's clock, so a
 * device whose clock is off cannot move it (server/lib/device-time.ts).
 */
export const SENT_AT_HEADER = 'x-sent-at';
// The stored names below keep their first, shift-only wording: devices hold queued calls and
// outcomes under them, and an older worker and a newer page talk to each other during an update.
// Renamed, a queue waiting on a device would be lost with the update.
/** The background-sync queue (IndexedDB) that holds the calls while offline. */
export const OFFLINE_QUEUE_NAME = 'arrive-shift-queue';
/** Where the worker leaves each replayed action's outcome for the page (Cache Storage survives reloads). */
export const QUEUED_OUTCOME_CACHE = 'arrive-shift-outcomes';
export const queuedOutcomeUrl = (idempotencyKey: string) => `/__shift-outcome/${encodeURIComponent(idempotencyKey)}`;
export type QueuedOutcome = { key: string; outcome: 'done' | 'failed'; status: number; body: unknown };
/** Posted by the worker to pages after a replay; the page then reads the outcomes. */
export const QUEUE_SYNCED_MESSAGE = 'SHIFT_SYNCED';
/** The worker's answer to an action it queued: 202 and this body. */
export const QUEUED_STATUS = 202;
