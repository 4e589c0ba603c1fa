// What the service worker left for the page after replaying a queued action (shift start and end,
// walk-in sales, a rider's steps): read from Cache Storage, so it is found even after a reload.
import { QUEUED_OUTCOME_CACHE, type QueuedOutcome, queuedOutcomeUrl } from '../../domain/offline-queue';
import { ApiError } from './api-client';
import { localDb } from './local-db';

async function readQueuedOutcome(key: string): Promise<QueuedOutcome | null> {
  if (typeof caches === 'undefined') return null;
  const hit = await (await caches.open(QUEUED_OUTCOME_CACHE)).match(queuedOutcomeUrl(key));
  return hit ? ((await hit.json()) as QueuedOutcome) : null;
}

async function forgetQueuedOutcome(key: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await (await caches.open(QUEUED_OUTCOME_CACHE)).delete(queuedOutcomeUrl(key));
}

/** The server's message in a refused replay's body, or the fallback. */
const refusalMessage = (body: unknown, fallback: string): string =>
  typeof body === 'object' && body && 'message' in body && typeof body.message === 'string' ? body.message : fallback;

/**
 * Settles a pending action (its row in the local database, by its Idempotency-Key) from the outcome
 * the worker left after replaying it, if there is one: recorded (`recorded` runs, and takes the
 * row away) or refused (the row is kept, failed, with the server's words or `refusal`). `settled`
 * says which refusals leave nothing missing, settled as recorded. Answers whether there was one.
 */
export async function settleFromOutcome(
  id: string,
  options: { recorded: (body: unknown) => Promise<unknown>; refusal: string; settled?: (body: unknown) => boolean },
): Promise<boolean> {
  const outcome = await readQueuedOutcome(id);
  if (!outcome) return false;
  if (outcome.outcome === 'done' || options.settled?.(outcome.body)) await options.recorded(outcome.body);
  else
    await localDb.pendingActions.update(id, { status: 'failed', error: refusalMessage(outcome.body, options.refusal) });
  await forgetQueuedOutcome(id);
  return true;
}

/**
 * Settles queued actions oldest first: from the worker's outcome where it replayed one; else, with
 * `send` and online, by sending it from the page, unless a live worker holds it (it replays it on
 * its own). A network error ends the round and keeps the rest pending, in order; a refusal marks
 * the action failed with the server's words or `refusal`. Answers how many changed, so callers refetch.
 */
export async function settlePendingActions<A extends { id: string; status: string; payload: object }>(
  actions: A[],
  options: {
    online: boolean;
    refusal: string;
    recorded: (action: A, body: unknown) => Promise<unknown>;
    settled?: (body: unknown) => boolean;
    send?: (action: A) => Promise<unknown>;
  },
): Promise<number> {
  let changed = 0;
  for (const action of actions) {
    if (action.status !== 'pending') continue;
    const replayed = await settleFromOutcome(action.id, {
      recorded: (body) => options.recorded(action, body),
      refusal: options.refusal,
      settled: options.settled,
    });
    if (replayed) {
      changed++;
      continue;
    }
    const workerHolds =
      'via' in action.payload && action.payload.via === 'worker' && Boolean(navigator.serviceWorker?.controller);
    if (!options.send || !options.online || workerHolds) continue;
    try {
      await options.send(action);
      changed++;
    } catch (error) {
      if (error instanceof ApiError && error.isNetworkError) break; // still offline; keep the order
      await localDb.pendingActions.update(action.id, {
        status: 'failed',
        error: error instanceof Error ? error.message : options.refusal,
      });
      changed++;
    }
  }
  return changed;
}
