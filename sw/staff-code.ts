/// <reference lib="webworker" />
// Staff code (the dashboard, the counter, the shift page, the sales charts, the scanner…) is not in
// the precache: a visitor or a client never downloads it. When the page says a staff member signed
// in, it is cached here, in `arrive-staff-v<version>`, and served from there, so a staff device
// still opens the dashboard offline. Sign-out of staff (or a sign-in without a staff record)
// drops it. A new build fetches only the URLs it does not hold yet (they are hashed: same URL, same
// bytes) and deletes the stale ones, like the precache does by revision.
import { registerRoute } from 'workbox-routing';
import {
  STAFF_CACHE_PREFIX,
  STAFF_SIGNED_IN_MESSAGE,
  STAFF_SIGNED_OUT_MESSAGE,
  type StaffCodeManifest,
} from '../src/domain/staff-code';

declare const self: ServiceWorkerGlobalScope;

export const staffCacheName = (version: string) => `${STAFF_CACHE_PREFIX}${version}`;

// The server varies on Accept-Encoding; the worker's own fetches and the page's differ there.
const MATCH_OPTIONS = { ignoreVary: true, ignoreSearch: true } as const;

export type StaffCachePlan = { copy: string[]; download: string[] };

/**
 * What a cache that already holds `current` needs to hold `wanted`: the URLs an older version's
 * cache has are copied from it (no network), only the others are downloaded.
 */
export function planStaffCacheUpdate(wanted: string[], current: Set<string>, older: Set<string>): StaffCachePlan {
  const missing = [...new Set(wanted)].filter((url) => !current.has(url));
  return { copy: missing.filter((url) => older.has(url)), download: missing.filter((url) => !older.has(url)) };
}

const pathOf = (request: Request) => new URL(request.url).pathname;

async function staffCacheNames(): Promise<string[]> {
  return (await caches.keys()).filter((name) => name.startsWith(STAFF_CACHE_PREFIX));
}

/** Fills this build's staff cache, reusing what older versions hold. Failed downloads wait for the next sign-in check. */
async function fillStaffCache(manifest: StaffCodeManifest) {
  const name = staffCacheName(manifest.version);
  const cache = await caches.open(name);
  const current = new Set((await cache.keys()).map(pathOf));
  const olderByUrl = new Map<string, Cache>();
  for (const olderName of (await staffCacheNames()).filter((n) => n !== name)) {
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

async function dropStaffCaches(keep?: string) {
  await Promise.all((await staffCacheNames()).filter((name) => name !== keep).map((name) => caches.delete(name)));
}

export function registerStaffCode(manifest: StaffCodeManifest) {
  const name = staffCacheName(manifest.version);
  const staffUrls = new Set(manifest.urls);

  // One change at a time: a sign-out must not race a sign-in's downloads.
  let work: Promise<unknown> = Promise.resolve();
  const serially = (task: () => Promise<unknown>) => {
    work = work.catch(() => undefined).then(task);
    return work.catch(() => undefined);
  };

  registerRoute(
    ({ url }) => url.origin === self.location.origin && staffUrls.has(url.pathname),
    async ({ request, url }) => {
      const hit = await caches.match(request, { ...MATCH_OPTIONS, cacheName: name });
      if (hit) return hit;
      const response = await fetch(request);
      // On a staff device what the staff screens load is kept at once (the cache may be filling).
      if (response.ok && (await caches.has(name))) {
        const copy = response.clone();
        void caches.open(name).then((cache) => cache.put(url.pathname, copy));
      }
      return response;
    },
  );

  self.addEventListener('message', (event) => {
    const type = (event.data as { type?: string } | null)?.type;
    if (type === STAFF_SIGNED_IN_MESSAGE) {
      event.waitUntil(serially(() => fillStaffCache(manifest).then(() => dropStaffCaches(name))));
    } else if (type === STAFF_SIGNED_OUT_MESSAGE) {
      event.waitUntil(serially(() => dropStaffCaches()));
    }
  });

  // A new version on a staff device brings its staff code along before it takes over.
  self.addEventListener('install', (event) => {
    event.waitUntil(
      serially(async () => {
        if ((await staffCacheNames()).length > 0) await fillStaffCache(manifest);
      }),
    );
  });
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      serially(async () => {
        if (await caches.has(name)) await dropStaffCaches(name);
      }),
    );
  });
}
