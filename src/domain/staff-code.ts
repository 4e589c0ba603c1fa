// What the page tells the service worker about who is signed in on this device (the precache
// follows who uses the device). A visitor's device keeps only the
// public pages and the app shell; a client's sign-in caches the first views (the shop, the
// history and the wallet drawn without the app) and their pages; the app's code is cached once
// the app first runs on a signed-in device (the client needs it: a cart line, an order, a
// payment); a staff sign-in caches the views, the app and the staff code at once. Staff code is dropped when
// staff sign out or someone without a staff record signs in.

/** The server says the signed-in user has a staff record: keep the views, the app and the staff screens. */
export const STAFF_SIGNED_IN_MESSAGE = 'STAFF_SIGNED_IN';
/** Someone without a staff record signed in: keep the first views, drop the staff screens. */
export const CLIENT_SIGNED_IN_MESSAGE = 'CLIENT_SIGNED_IN';
/** The app runs on a device someone is signed in on: keep the whole app's code for its screens offline. */
export const APP_IN_USE_MESSAGE = 'APP_IN_USE';
/** A staff member signed out, or someone without a staff record signed in: drop the staff screens. */
export const STAFF_SIGNED_OUT_MESSAGE = 'STAFF_SIGNED_OUT';

export type StaffCodeMessage =
  | { type: typeof STAFF_SIGNED_IN_MESSAGE }
  | { type: typeof CLIENT_SIGNED_IN_MESSAGE }
  | { type: typeof APP_IN_USE_MESSAGE }
  | { type: typeof STAFF_SIGNED_OUT_MESSAGE };

/** The code of one role in one build: its hashed URLs and a version that changes when they do. */
export type StaffCodeManifest = { version: string; urls: string[] };

/** Caches named `${STAFF_CACHE_PREFIX}<version>` hold the staff code of one build. */
export const STAFF_CACHE_PREFIX = 'arrive-staff-v';
/** Caches named `${APP_CACHE_PREFIX}<version>` hold the signed-in app's code of one build. */
export const APP_CACHE_PREFIX = 'arrive-app-v';
/** Caches named `${VIEWS_CACHE_PREFIX}<version>` hold the first views' code and pages of one build. */
export const VIEWS_CACHE_PREFIX = 'arrive-views-v';

/**
 * The client's screens with a first view of their own (src/web/app/first-views) and the
 * prerendered page each is answered with: kept with the views' code (`VIEWS_CACHE_PREFIX`).
 */
export const CLIENT_VIEW_PAGES: Readonly<Record<string, string>> = {
  '/products': '/app-shells/products.html',
  '/order/history': '/app-shells/order-history.html',
  '/wallet': '/app-shells/wallet.html',
  '/order/:orderNumber': '/app-shells/order.html',
};

/**
 * The staff's screens with a first view and their pages: kept with the staff code
 * (`STAFF_CACHE_PREFIX`), so a client's phone never downloads them.
 */
export const STAFF_VIEW_PAGES: Readonly<Record<string, string>> = {
  // The staff tablet's counter (drawn from the tablet's copies, then the app at once).
  '/dashboard/sell': '/app-shells/dashboard-sell.html',
  // The dispatch board (drawn from the page's first reads, then the app at once).
  '/dashboard/dispatch': '/app-shells/dashboard-dispatch.html',
  // The staff's shift screen (likewise, for a member on shift).
  '/dashboard/shift': '/app-shells/dashboard-shift.html',
};

/**
 * Every screen with a first view and its page (scripts/prerender.mjs checks them against the app
 * shells it writes): on a device that holds a page, the service worker answers its path with it.
 */
export const FIRST_VIEW_PAGES: Readonly<Record<string, string>> = { ...CLIENT_VIEW_PAGES, ...STAFF_VIEW_PAGES };

/**
 * The first view's page that answers `path` (no trailing slash), if any: a path named as it is
 * first ('/order/history'), then a pattern whose ':name' stands for one segment ('/order/ARV-7K2M9Q').
 */
export function firstViewPage(path: string): string | undefined {
  const exact = FIRST_VIEW_PAGES[path];
  if (exact) return exact;
  const segments = path.split('/');
  for (const [pattern, page] of Object.entries(FIRST_VIEW_PAGES)) {
    const parts = pattern.split('/');
    if (
      parts.length === segments.length &&
      parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
    )
      return page;
  }
  return undefined;
}

/** The page lists the images its first visit showed (before the worker ran): the worker keeps them. */
export const KEEP_IMAGES_MESSAGE = 'KEEP_IMAGES';
/** Where the worker keeps shown images (sw/images.ts). */
export const IMAGES_CACHE = 'arrive-images';
