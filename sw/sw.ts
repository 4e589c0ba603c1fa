/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { registerImageCache } from './images';
import { registerNavigation } from './navigation';
import { registerPrecache } from './precache';
import './shift-queue';

declare const self: ServiceWorkerGlobalScope;

// Wires the concerns together; each lives in its own module.
registerPrecache(self.__WB_MANIFEST);
registerNavigation();
registerImageCache();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
