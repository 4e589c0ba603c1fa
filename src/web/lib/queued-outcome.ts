// What the service worker left for the page after replaying a queued action (shift start and end,
// walk-in sales, a rider's steps): read from Cache Storage, so it is found even after a reload.
import { QUEUED_OUTCOME_CACHE, type QueuedOutcome, queuedOutcomeUrl } from '../../domain/offline-queue';
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
