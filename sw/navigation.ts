import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { APP_CACHE_PREFIX, firstViewPage } from '../src/domain/staff-code';

export const PAGES_CACHE = 'arrive-pages';
/** A slow network gives up quickly in favour of the cached page. */
export const NAVIGATION_TIMEOUT_S = 3;

/** The public pages' precached copies: <route>/offline.html (scripts/prerender.mjs). */
export const OFFLINE_PAGE = 'offline.html';

const hasAppCode = async () => (await caches.keys()).some((name) => name.startsWith(APP_CACHE_PREFIX));

/**
 * Navigations are answered by the worker when it can, so a repeat visit costs no page download:
 * a public page by its precached offline copy (a new build brings new copies, by revision); the
 * shop, the history, an order and the wallet, on a device that holds the first views, by their view's page
 * (and the counter, the dispatch board and the shift screen on a staff tablet)
 * (the view draws itself from its few cached kilobytes and hands over to the app when needed); an
 * app screen on a device that holds the app's code by the precached app shell (the app draws the
 * screen from its cached code; the data comes from the API). Anything else goes network-first
 * with a short timeout, keeping the last 40 pages; offline it falls back to that copy, then to the
 * app shell on a signed-in device, the home on a visitor's.
 * @param viewCaches this build's caches that hold first views' pages: the views' (the client's
 *   screens), then the staff code's (the staff's screens) (sw/staff-code.ts)
 */
export function registerNavigation(viewCaches: readonly string[]) {
  const networkFirst = new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: NAVIGATION_TIMEOUT_S,
    plugins: [new ExpirationPlugin({ maxEntries: 40 })],
  });
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/sandbox/'),
    async (options) => {
      const path = options.url.pathname.replace(/\/+$/, '');
      const publicPage = await matchPrecache(`${path}/${OFFLINE_PAGE}`);
      if (publicPage) return publicPage;
      const viewPage = firstViewPage(path);
      let view: Response | undefined;
      if (viewPage)
        for (const cacheName of viewCaches) {
          view = await caches.match(viewPage, { cacheName, ignoreSearch: true, ignoreVary: true });
          if (view) break;
        }
      if (view) return view;
      const hasApp = await hasAppCode();
      const shell = hasApp ? await matchPrecache('/shell.html') : undefined;
      if (shell) return shell;
      try {
        const response = await networkFirst.handle(options);
        if (response) return response;
      } catch {
        // offline and not cached: fall through to the precached pages
      }
      return (await matchPrecache(hasApp ? '/shell.html' : `/${OFFLINE_PAGE}`)) ?? Response.error();
    },
  );
}
