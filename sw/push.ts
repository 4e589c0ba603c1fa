/// <reference lib="webworker" />
// Web Push: shows what the server sent (src/server/modules/notification) and opens its page on a
// tap. Kept apart from the precache and navigation so each concern changes on its own.

import { readPushMessage } from './push-message';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data?.text() ?? '', self.location.origin);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: message.url },
      ...(message.tag ? { tag: message.tag } : {}),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
