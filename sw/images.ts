import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGES_CACHE, KEEP_IMAGES_MESSAGE } from '../src/domain/staff-code';

declare const self: ServiceWorkerGlobalScope;

/**
 * Images and fonts are not precached: they are cache-first once shown and expire, so a cheap
 * phone's storage does not fill up.
 */
export function registerImageCache() {
  registerRoute(
    ({ request }) => request.destination === 'image',
    new CacheFirst({
      cacheName: IMAGES_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 })],
    }),
  );
  // The images a first visit showed before the worker ran: kept now (same origin, /images/ only).
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; urls?: unknown } | null;
    if (data?.type !== KEEP_IMAGES_MESSAGE || !Array.isArray(data.urls)) return;
    const urls = data.urls
      .filter((url): url is string => typeof url === 'string')
      .filter((url) => {
        const parsed = new URL(url, self.location.origin);
        return parsed.origin === self.location.origin && parsed.pathname.startsWith('/images/');
      })
      .slice(0, 60);
    event.waitUntil(
      caches.open(IMAGES_CACHE).then(async (cache) => {
        for (const url of urls) if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
      }),
    );
  });
  registerRoute(
    ({ request }) => request.destination === 'font',
    new CacheFirst({
      cacheName: 'arrive-fonts',
      plugins: [new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 365 * 24 * 60 * 60 })],
    }),
  );
}
