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
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    for (const l of listeners) l();
  });
  void workbox.register();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void workbox?.update();
  });
  window.addEventListener('online', () => {
    navigator.serviceWorker.controller?.postMessage({ type: 'ONLINE' });
  });
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
