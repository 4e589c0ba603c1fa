import { Workbox } from 'workbox-window';

type Listener = () => void;
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<Listener>();

/**
 * Registers the service worker. A new version waits until the user accepts "reload", so a
 * half-filled form is never reloaded away; updates are checked when the page becomes visible (iOS).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV || workbox) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    for (const l of listeners) l();
  });
  // A registration refused (storage off, a private window) or an update check made offline is
  // not the page's failure: it works on as a plain page and tries again on the next visit or
  // the next return to it, without an unhandled rejection in the console each time.
  workbox.register().catch(() => {});
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') workbox?.update().catch(() => {});
  });
  tellWorkerWhenOnline();
}

let tellingWhenOnline = false;

/**
 * Tells the worker when the network is back, so it sends what it queued (a shift's end, a sale, a
 * rider's step, a sign-out). From the page's start, not from the worker's registration, which waits
 * for an idle moment: a page that came back online before that moment told the worker nothing.
 */
export function tellWorkerWhenOnline() {
  if (tellingWhenOnline || !('serviceWorker' in navigator)) return;
  tellingWhenOnline = true;
  window.addEventListener('online', () => {
    navigator.serviceWorker.controller?.postMessage({ type: 'ONLINE' });
  });
}

/**
 * The service worker precaches the shell and the code of who you are as it installs: registered
 * once the page has loaded and the browser is idle, so on a first visit that download never
 * competes with the screen's own start. `then` runs once it is registered.
 */
export function registerServiceWorkerWhenIdle(then?: () => void) {
  tellWorkerWhenOnline();
  const register = () => {
    registerServiceWorker();
    then?.();
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(register, { timeout: 3000 });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

export function onUpdateAvailable(listener: Listener) {
  listeners.add(listener);
  if (waiting) listener();
  return () => listeners.delete(listener);
}

export function applyUpdate() {
  if (!workbox) return;
  workbox.addEventListener('controlling', () => window.location.reload());
  workbox.messageSkipWaiting();
}
