/// <reference lib="webworker" />
import appCode from 'virtual:arrive-app-code';
import staffCode from 'virtual:arrive-staff-code';
import { clientsClaim } from 'workbox-core';
import { registerImageCache } from './images';
import { registerNavigation } from './navigation';
import { registerPrecache } from './precache';
import './push';
import './shift-queue';
import { registerRoleCode } from './staff-code';

declare const self: ServiceWorkerGlobalScope;

// Wires the concerns together; each lives in its own module.
registerPrecache(self.__WB_MANIFEST);
registerNavigation();
registerRoleCode({ app: appCode, staff: staffCode });
registerImageCache();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
