/// <reference lib="webworker" />
// Shift start and end, walk-in cash sales, a rider's steps and signing out keep working
// without a network: the call is tried; offline (no answer, or a gateway
// 502/503/504) it is queued with its Idempotency-Key and the page is told 202 "queued". The queue
// lives in IndexedDB for 7 days and is replayed on `sync`, on worker start and when the page says
// it is back online — one replay at a time, oldest first, so a start is always recorded before its
// end. The server's idempotency makes a replay after a lost answer harmless: the same key answers
// the first response.
import { Queue } from 'workbox-background-sync';
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import { registerRoute } from 'workbox-routing';
import {
  isQueuedAction,
  LOGOUT_PATH,
  OFFLINE_QUEUE_NAME,
  QUEUE_SYNCED_MESSAGE,
  QUEUED_OUTCOME_CACHE,
  QUEUED_STATUS,
  type QueuedOutcome,
  queuedOutcomeUrl,
  replayOutcome,
  SENT_AT_HEADER,
  SIGN_IN_CHECK_PATH,
} from '../src/domain/offline-queue';

declare const self: ServiceWorkerGlobalScope;

const RETENTION_MINUTES = 7 * 24 * 60;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** Leaves the outcome where the page finds it even after a reload, then tells open pages. */
async function publish(outcome: QueuedOutcome) {
  const cache = await caches.open(QUEUED_OUTCOME_CACHE);
  await cache.put(queuedOutcomeUrl(outcome.key), json(200, outcome));
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages)
    page.postMessage({ type: QUEUE_SYNCED_MESSAGE, key: outcome.key, outcome: outcome.outcome });
}

async function isExpiredSession(response: Response): Promise<boolean> {
  if (response.status !== 401) return false;
  const body = (await readBody(response.clone())) as { type?: string } | null;
  return body?.type === 'TokenExpired';
}

/**
 * The access cookie lives 15 minutes and an outage can last hours: an expired session is
 * refreshed once (the refresh cookie is sent to /api/auth) and the action sent again.
 */
async function sendWithFreshSession(request: Request): Promise<Response> {
  const response = await fetch(request.clone());
  if (!(await isExpiredSession(response))) return response;
  const refreshed = await fetch('/api/auth/refresh_token', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'x-platform': 'web' },
  });
  return refreshed.ok ? fetch(request.clone()) : response;
}

/**
 * A sign-out queued offline: until it reaches the server, the sign-in check is answered "signed
 * out" here, so the device is signed out at once (the session's cookies are the server's to clear).
 * Kept in Cache Storage: the worker may stop and start meanwhile.
 */
const LOGOUT_WAITING_URL = '/__logout-waiting';
async function markLogoutWaiting(waiting: boolean) {
  const cache = await caches.open(QUEUED_OUTCOME_CACHE);
  if (waiting) await cache.put(LOGOUT_WAITING_URL, new Response('1'));
  else await cache.delete(LOGOUT_WAITING_URL);
}
const logoutWaiting = async () => Boolean(await (await caches.open(QUEUED_OUTCOME_CACHE)).match(LOGOUT_WAITING_URL));
const isLogout = (request: Request) => new URL(request.url).pathname === LOGOUT_PATH;

let replaying: Promise<void> | null = null;

async function replayAll(queue: Queue) {
  for (;;) {
    const entry = await queue.shiftRequest();
    if (!entry) {
      // Nothing waits (a sign-out sent, or dropped after its 7 days): the sign-in check is the server's.
      await markLogoutWaiting(false);
      return;
    }
    const key = entry.request.headers.get('idempotency-key') ?? '';
    let response: Response | null = null;
    // Sent now: the moments it carries are read against this (SENT_AT_HEADER).
    const headers = new Headers(entry.request.headers);
    headers.set(SENT_AT_HEADER, new Date().toISOString());
    try {
      response = await sendWithFreshSession(new Request(entry.request.clone(), { headers }));
    } catch {
      response = null;
    }
    const outcome = replayOutcome(response?.status ?? null);
    if (outcome === 'retry' || !response) {
      // Still offline: put it back in front and stop; order matters (start before end).
      await queue.unshiftRequest(entry);
      throw new Error('offline queue: still offline');
    }
    await publish({ key, outcome, status: response.status, body: await readBody(response) });
  }
}

function registerOfflineQueue() {
  const queue = new Queue(OFFLINE_QUEUE_NAME, {
    maxRetentionTime: RETENTION_MINUTES,
    forceSyncFallback: false,
    onSync: async ({ queue: q }) => {
      await replay(q);
    },
  });

  /** One replay at a time: two at once could send one action twice while the first is in flight. */
  const replay = (q: Queue = queue) => {
    replaying ??= replayAll(q).finally(() => {
      replaying = null;
    });
    return replaying;
  };
  // A call queued while a replay was ending (its last look found the queue empty) goes with the
  // next one, at once.
  const replaySoon = () =>
    replay()
      .then(async () => {
        if ((await queue.size()) > 0) await replay();
      })
      .catch(() => undefined);
  /**
   * 'online' often comes before the connection really carries requests (and flaps), so a replay
   * that still finds no network tries again a few times, 1 s, 2 s, 4 s … apart, for about a minute.
   */
  const replayPersistently = async () => {
    for (const delay of [0, 1000, 2000, 4000, 8000, 16000, 30000]) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      try {
        await replay();
        return;
      } catch {
        // still offline: wait and try again
      }
    }
  };

  const handler: RouteHandlerCallback = async ({ request }) => {
    const key = request.headers.get('idempotency-key');
    // Without a key a replay could act twice: such a call goes straight to the network.
    if (!key) return fetch(request);
    const queued = async () => {
      await queue.pushRequest({ request });
      if (isLogout(request)) await markLogoutWaiting(true);
      return json(QUEUED_STATUS, { queued: true, key });
    };
    // While older actions wait, or the last of them is on its way (taken off the queue, not yet
    // answered), a new one queues behind them, so they reach the server in order.
    if (replaying || (await queue.size()) > 0) {
      const response = await queued();
      void replaySoon();
      return response;
    }
    try {
      const response = await fetch(request.clone());
      if (replayOutcome(response.status) === 'retry') return queued();
      return response;
    } catch {
      return queued();
    }
  };
  const queues: RouteMatchCallback = ({ url, request }) =>
    url.origin === self.location.origin && isQueuedAction(request.method, url.pathname, request.headers);
  // Shift start and end, walk-in sales and signing out (POST), a rider's steps (PUT).
  registerRoute(queues, handler, 'POST');
  registerRoute(queues, handler, 'PUT');
  registerRoute(
    ({ url }) => url.origin === self.location.origin && url.pathname === SIGN_IN_CHECK_PATH,
    async ({ request }) =>
      (await logoutWaiting())
        ? json(401, { message: 'Please sign in', status: 401, type: 'UnAuthorized' })
        : fetch(request),
    'GET',
  );

  self.addEventListener('message', (event) => {
    if (event.data?.type === 'ONLINE') event.waitUntil(replayPersistently());
  });
  // Where the browser has no Background Sync, worker start and ONLINE are the replay triggers.
  void replayPersistently();
}

// Imported once by sw.ts for this side effect.
registerOfflineQueue();
