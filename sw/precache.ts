import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';

/** The app shell, the hashed assets and the prerendered marketing pages, kept for offline use. */
export function registerPrecache(manifest: Array<PrecacheEntry | string>) {
  cleanupOutdatedCaches();
  precacheAndRoute(manifest, { ignoreURLParametersMatching: [/.*/], directoryIndex: 'index.html', cleanURLs: true });
}
