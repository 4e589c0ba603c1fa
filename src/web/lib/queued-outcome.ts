// What the service worker left for the page after replaying a queued action (shift start and end,
// counter sales): read from Cache Storage, so it is found even after a reload.
import { SHIFT_OUTCOME_CACHE, type ShiftOutcome, shiftOutcomeUrl } from '../../domain/schemas/shift';

export async function readQueuedOutcome(key: string): Promise<ShiftOutcome | null> {
  if (typeof caches === 'undefined') return null;
  const hit = await (await caches.open(SHIFT_OUTCOME_CACHE)).match(shiftOutcomeUrl(key));
  return hit ? ((await hit.json()) as ShiftOutcome) : null;
}

export async function forgetQueuedOutcome(key: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  await (await caches.open(SHIFT_OUTCOME_CACHE)).delete(shiftOutcomeUrl(key));
}

/** The server's message in a refused replay's body, or the fallback. */
export const refusalMessage = (body: unknown, fallback: string): string =>
  typeof body === 'object' && body && 'message' in body && typeof body.message === 'string' ? body.message : fallback;
