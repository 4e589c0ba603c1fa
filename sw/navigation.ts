import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

export const PAGES_CACHE = 'arrive-pages';
/** A slow network gives up quickly in favour of the cached page. */
export const NAVIGATION_TIMEOUT_S = 3;

/**
 * Navigations go network-first with a short timeout; offline they fall back to the cached copy
 * of that page, then to its prerendered version, then to the empty app shell.
 */
export function registerNavigation() {
  const networkFirst = new NetworkFirst({ cacheName: PAGES_CACHE, networkTimeoutSeconds: NAVIGATION_TIMEOUT_S });
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/sandbox/'),
    async (options) => {
      try {
        const response = await networkFirst.handle(options);
        if (response) return response;
      } catch {
        // offline and not cached: fall through to the precached pages
      }
      const path = options.url.pathname.replace(/\/+$/, '');
      // The prerendered pages (the home is /index.html) run no app: every other page gets the shell.
      const prerendered = await matchPrecache(path === '' ? '/index.html' : `${path}/index.html`);
      return prerendered ?? (await matchPrecache('/shell.html')) ?? Response.error();
    },
  );
}
