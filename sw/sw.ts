/// <reference lib="webworker" />
import appCode from 'virtual:arrive-app-code';
import staffCode from 'virtual:arrive-staff-code';
import viewsCode from 'virtual:arrive-views-code';
import { clientsClaim } from 'workbox-core';
import { STAFF_CACHE_PREFIX, VIEWS_CACHE_PREFIX } from '../src/domain/staff-code';
import { registerImageCache } from './images';
import { registerNavigation } from './navigation';
import { registerNetworkRoutes } from './network-routes';
import { registerPrecache } from './precache';
import './push';
import './offline-queue';
import { registerRoleCode, roleCacheName } from './staff-code';

declare const self: ServiceWorkerGlobalScope;

// Wires the concerns together; each lives in its own module.
registerNetworkRoutes();
registerPrecache(self.__WB_MANIFEST);
registerNavigation([roleCacheName(VIEWS_CACHE_PREFIX, viewsCode), roleCacheName(STAFF_CACHE_PREFIX, staffCode)]);
registerRoleCode({ app: appCode, staff: staffCode, views: viewsCode });
registerImageCache();

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();
