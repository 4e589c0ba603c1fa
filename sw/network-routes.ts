/// <reference lib="webworker" />
// The calls this worker has nothing to do with go straight to the network, without waking it: the
// reads of /api and the live channel's polling. A worker asleep (after half a minute without a
// call, the browser stops it) would otherwise be started for each of them, and on a budget tablet
// the first lookup at the pickup desk after a quiet spell waited for that start. The calls it does
// answer still reach it: the actions it queues offline, the sign-in check a queued sign-out
// answers, and pictures (some under /api/upload), which it keeps. Browsers without static routes
// send every call through the worker, as before.
import {
  DELIVERY_STEP_PATTERN,
  LOGOUT_PATH,
  SHIFT_AND_SALE_PATHS,
  SIGN_IN_CHECK_PATH,
} from '../src/domain/offline-queue';

declare const self: ServiceWorkerGlobalScope;

/** A static route's condition: every field given must hold (a URL pattern given by its pathname). */
export type RouteCondition = {
  urlPattern?: { pathname: string };
  requestMethod?: string;
  requestDestination?: string;
};
export type StaticRoute = { condition: RouteCondition; source: 'network' | 'fetch-event' };

const toWorker = (condition: RouteCondition): StaticRoute => ({ condition, source: 'fetch-event' });

/** The routes, in order: the first whose condition holds decides; a call none takes reaches the worker. */
export const NETWORK_ROUTES: readonly StaticRoute[] = [
  toWorker({ requestDestination: 'image' }),
  toWorker({ urlPattern: { pathname: SIGN_IN_CHECK_PATH } }),
  ...[...SHIFT_AND_SALE_PATHS, LOGOUT_PATH].map((pathname) =>
    toWorker({ urlPattern: { pathname }, requestMethod: 'POST' }),
  ),
  toWorker({ urlPattern: { pathname: DELIVERY_STEP_PATTERN }, requestMethod: 'PUT' }),
  { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
  { condition: { urlPattern: { pathname: '/socket.io/*' } }, source: 'network' },
];

type WithRoutes = ExtendableEvent & { addRoutes?: (routes: readonly StaticRoute[]) => Promise<void> };

export function registerNetworkRoutes() {
  self.addEventListener('install', (event) => {
    const { addRoutes } = event as WithRoutes;
    if (!addRoutes) return;
    // A browser that refuses a rule installs the worker all the same, every call reaching it.
    event.waitUntil(
      Promise.resolve()
        .then(() => addRoutes.call(event, NETWORK_ROUTES))
        .catch(() => undefined),
    );
  });
}
