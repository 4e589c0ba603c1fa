import type { FastifyRequest } from 'fastify';
import { SENT_AT_HEADER } from '../../domain/offline-queue';

/**
 * A moment a device gave (`at`, by its clock), on the server's clock. The device also says when it
 * sent the call (`x-sent-at`, by the same clock, set again at each replay of its queue): a clock
 * hours off moves both, and what is kept is how long before the sending the action was taken. A
 * step sent at once is so now, whatever the phone's clock says; one sent from the queue an hour
 * later is an hour ago. Without the header (or with a moment that does not read), `at` as given.
 */
export function onServerClock(request: FastifyRequest, at: string | undefined, now = Date.now()): string | undefined {
  if (!at) return at;
  const sentAt = Date.parse(String(request.headers[SENT_AT_HEADER] ?? ''));
  const takenAt = Date.parse(at);
  if (Number.isNaN(sentAt) || Number.isNaN(takenAt)) return at;
  return new Date(now - Math.max(0, sentAt - takenAt)).toISOString();
}

/**
 * How far a device's moment may stray past a bound (a shift's start or end, now) and still be read
 * as within it. `onServerClock` takes out the device clock's error; what is left is the time the
 * call spent on the way, and a clock that moved between the action and the sending.
 */
export const DEVICE_CLOCK_ALLOWANCE_MS = 2 * 60_000;
