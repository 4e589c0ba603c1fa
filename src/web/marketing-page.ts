// The behaviour of the prerendered public pages, loaded by marketing.ts once the page has painted.
// React does not run on these pages: the enhancers give the server-rendered markup its behaviour,
// so a phone on a slow network downloads a few kilobytes, not the app.

// Before the forms' checks load: zod parses without compiling (no `Function` under the CSP).
import './lib/zod-jitless';
import { KEEP_IMAGES_MESSAGE } from '../domain/staff-code';
import { handleLogout, showNavigationFor } from './app/layouts/signed-in-header';
import { lastKnownAuth } from './features/auth/api/last-auth';
import { enhance } from './features/marketing/enhance/enhancer';
import { captureInstallPrompt } from './features/marketing/install/install-prompt';
// Part of this script, not a lazy chunk: it is small and every visitor loads it, so it belongs with the
// public pages' code in a visitor's precache, not with the signed-in app's.
import { registerServiceWorkerWhenIdle, tellWorkerWhenOnline } from './lib/pwa';

/** How long a page nobody touches waits before applying its whole stylesheets. */
const DEFERRED_STYLES_IDLE_MS = 8000;

// The browser's install offer comes once the manifest below is linked: keep it for the button.
captureInstallPrompt();

/**
 * The web app manifest, linked now rather than in the HTML: the browser fetches it (and its icons)
 * as soon as it sees the link, which would compete with the first paint on a slow network.
 */
function linkManifest() {
  const href = document.querySelector<HTMLMetaElement>('meta[name="arrive:manifest"]')?.content;
  if (!href || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = href;
  document.head.append(link);
}

/** The header drawn for a visitor turns into the signed-in one if this device is signed in. */
function showSignedInNavigation() {
  const auth = lastKnownAuth();
  const header = document.querySelector<HTMLElement>('header[data-enhance="site-header"]');
  if (!auth?.isLogin || !header) return;
  showNavigationFor(header, auth);
  handleLogout();
}

/**
 * The page's whole stylesheets: its HTML inlines only the rules it paints with and those of the
 * enhancers' states (scripts/prerender.mjs lists the files). Applying a stylesheet re-styles the
 * whole page, a long task on a slow phone, so it waits for the visitor's first interaction or a
 * long idle moment instead of competing with the page's start.
 */
function loadDeferredStylesLater() {
  const events = ['pointerdown', 'keydown', 'focusin', 'scroll'] as const;
  let timer: number | undefined;
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const event of events) window.removeEventListener(event, load, true);
    window.clearTimeout(timer);
    loadDeferredStyles();
  };
  for (const event of events) window.addEventListener(event, load, { capture: true, passive: true });
  timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load);
    else load();
  }, DEFERRED_STYLES_IDLE_MS);
}

function loadDeferredStyles() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="arrive:deferred-styles"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * The images this first visit showed came before the worker was there: once it is active it keeps
 * them (sw/images.ts), so the next visit downloads none of them again.
 */
function keepShownImages() {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => new URL(url).origin === window.location.origin && /^\/images\//.test(new URL(url).pathname));
    if (urls.length > 0) registration.active?.postMessage({ type: KEEP_IMAGES_MESSAGE, urls });
  });
}

// From the script's start, not once the page is enhanced: a sign-out queued offline (the app
// loads the home after it) is sent as soon as the network is back, not when Background Sync
// next tries, which can be minutes later.
tellWorkerWhenOnline();
loadDeferredStylesLater();
linkManifest();
showSignedInNavigation();
// The sign-in screens are prerendered too (a first visit to /login runs no app code at all).
void enhance(document.body, {
  'sign-in-form': () => import('./features/auth/enhance/sign-in-form').then((m) => (root) => m.enhanceSignInForm(root)),
}).then(() => {
  // Browser journeys wait for this mark before they use the page; `npm run audit` times it.
  document.documentElement.setAttribute('data-app-ready', '');
  performance.mark('arrive:interactive');
  // The public pages' images it keeps are those shown here, once it is registered.
  registerServiceWorkerWhenIdle(keepShownImages);
});
