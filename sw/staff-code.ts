/// <reference lib="webworker" />
// The code a visitor never downloads, kept by who signs in on the device.
// The first views (the shop and the history drawn without the app: their code and the client
// screens' pages) are cached in `arrive-views-v<version>` when a client signs in, a few kilobytes;
// the signed-in app (React, the router, Mantine, the client screens) in `arrive-app-v<version>`
// once the app runs on a signed-in device (the client needed it: a cart line, an order, a
// payment), or at a staff sign-in (with the views, whose code the app shares); the staff code
// (the dashboard, the counter, the shift page, the sales charts, the scanner, and the staff
// views: their code and their pages) in `arrive-staff-v<version>` when a staff member signs in,
// and dropped when they sign out or someone without a staff record signs in. Each is served from
// its cache, so a signed-in device opens its screens offline. A new build fetches only the URLs it
// does not hold yet (the code is hashed: same URL, same bytes; the views' pages are fetched again)
// and deletes the stale ones, like the precache does by revision.
import { registerRoute } from 'workbox-routing';
import {
  APP_CACHE_PREFIX,
  APP_IN_USE_MESSAGE,
  CLIENT_SIGNED_IN_MESSAGE,
  STAFF_CACHE_PREFIX,
  STAFF_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_OUT_MESSAGE,
  type StaffCodeManifest,
  VIEWS_CACHE_PREFIX,
} from '../src/domain/staff-code';

declare const self: ServiceWorkerGlobalScope;

/** The cache of one role's code in this build. */
export const roleCacheName = (prefix: string, manifest: StaffCodeManifest) => `${prefix}${manifest.version}`;

// The server varies on Accept-Encoding; the worker's own fetches and the page's differ there.
const MATCH_OPTIONS = { ignoreVary: true, ignoreSearch: true } as const;

export type StaffCachePlan = { copy: string[]; download: string[] };

/** Built files named by their content: an older cache's copy of one is the same bytes. */
const isHashed = (url: string) => url.startsWith('/assets/');

/**
 * What a cache that already holds `current` needs to hold `wanted`: the hashed files an older
 * version's cache has are copied from it (no network), the others are downloaded.
 */
export function planStaffCacheUpdate(wanted: string[], current: Set<string>, older: Set<string>): StaffCachePlan {
  const missing = [...new Set(wanted)].filter((url) => !current.has(url));
  const copied = (url: string) => older.has(url) && isHashed(url);
  return { copy: missing.filter(copied), download: missing.filter((url) => !copied(url)) };
}

const pathOf = (request: Request) => new URL(request.url).pathname;

async function cacheNames(prefix: string): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(prefix));
}

/** Fills this build's cache of one role, reusing what older versions hold. Failed downloads wait for the next sign-in check. */
async function fillCache(prefix: string, manifest: StaffCodeManifest) {
  const name = roleCacheName(prefix, manifest);
  const cache = await caches.open(name);
  const current = new Set((await cache.keys()).map(pathOf));
  const olderByUrl = new Map<string, Cache>();
  for (const olderName of (await cacheNames(prefix)).filter((n) => n !== name)) {
    const older = await caches.open(olderName);
    for (const request of await older.keys()) olderByUrl.set(pathOf(request), older);
  }
  const plan = planStaffCacheUpdate(manifest.urls, current, new Set(olderByUrl.keys()));
  const download = [...plan.download];
  for (const url of plan.copy) {
    const hit = await olderByUrl.get(url)?.match(url, MATCH_OPTIONS);
    if (hit) await cache.put(url, hit);
    else download.push(url);
  }
  await Promise.allSettled(
    download.map(async (url) => {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (response.ok) await cache.put(url, response);
    }),
  );
}

async function dropCaches(prefix: string, keep?: string) {
  await Promise.all((await cacheNames(prefix)).filter((name) => name !== keep).map((name) => caches.delete(name)));
}

/** One role's code: served from its cache (kept as it loads once the cache exists), filled and dropped on request. */
function roleCache(prefix: string, manifest: StaffCodeManifest) {
  const name = roleCacheName(prefix, manifest);
  const urls = new Set(manifest.urls);
  registerRoute(
    ({ url }) => url.origin === self.location.origin && urls.has(url.pathname),
    async ({ request, url }) => {
      const hit = await caches.match(request, { ...MATCH_OPTIONS, cacheName: name });
      if (hit) return hit;
      const response = await fetch(request);
      // On a signed-in device what its screens load is kept at once (the cache may be filling).
      if (response.ok && (await caches.has(name))) {
        const copy = response.clone();
        void caches.open(name).then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    },
  );
  return {
    /** Fills this build's cache, then drops older versions'. */
    keep: () => fillCache(prefix, manifest).then(() => dropCaches(prefix, name)),
    drop: () => dropCaches(prefix),
    /** A new version on a device that holds this role's code brings it along before it takes over. */
    refresh: async () => {
      if ((await cacheNames(prefix)).length > 0) await fillCache(prefix, manifest);
    },
    dropOlder: async () => {
      if (await caches.has(name)) await dropCaches(prefix, name);
    },
  };
}

export function registerRoleCode(manifests: {
  app: StaffCodeManifest;
  staff: StaffCodeManifest;
  views: StaffCodeManifest;
}) {
  const staff = roleCache(STAFF_CACHE_PREFIX, manifests.staff);
  const app = roleCache(APP_CACHE_PREFIX, manifests.app);
  const views = roleCache(VIEWS_CACHE_PREFIX, manifests.views);

  // One change at a time: a sign-out must not race a sign-in's downloads.
  let work: Promise<unknown> = Promise.resolve();
  const serially = (task: () => Promise<unknown>) => {
    work = work.catch(() => undefined).then(task);
    return work.catch(() => undefined);
  };

  self.addEventListener('message', (event) => {
    const type = (event.data as { type?: string } | null)?.type;
    // The app shares code with the first views (their files are the views', not the app's):
    // wherever the app is kept, the views are too.
    if (type === STAFF_SIGNED_IN_MESSAGE) {
      event.waitUntil(serially(() => views.keep().then(app.keep).then(staff.keep)));
    } else if (type === CLIENT_SIGNED_IN_MESSAGE) {
      event.waitUntil(serially(() => staff.drop().then(views.keep)));
    } else if (type === APP_IN_USE_MESSAGE) {
      event.waitUntil(serially(() => views.keep().then(app.keep)));
    } else if (type === STAFF_SIGNED_OUT_MESSAGE) {
      event.waitUntil(serially(() => staff.drop()));
    }
  });

  self.addEventListener('install', (event) => {
    event.waitUntil(serially(() => views.refresh().then(app.refresh).then(staff.refresh)));
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(serially(() => views.dropOlder().then(app.dropOlder).then(staff.dropOlder)));
  });
}
