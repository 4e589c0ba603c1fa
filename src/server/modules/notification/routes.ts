import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  type NotificationSettingsView,
  notificationSettingsUpdateSchema,
  notificationSettingsViewSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
} from '../../../domain/schemas/notification';
import { isAcceptedPushEndpoint } from '../../integrations/push/push-service';
import { notificationPreferences, pushSubscriptions } from './tables';

/** A client may keep push on this many devices; the oldest goes when a new one subscribes. */
const MAX_PUSH_DEVICES = 10;

const signedIn = (auth: { clientId: string } | null) => {
  if (!auth) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
  return auth.clientId;
};

async function settingsOf(app: FastifyInstance, clientId: string): Promise<NotificationSettingsView> {
  const [[prefs], [devices]] = await Promise.all([
    app.db.select().from(notificationPreferences).where(eq(notificationPreferences.clientId, clientId)),
    app.db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.clientId, clientId)),
  ]);
  return {
    sms: prefs?.sms ?? true,
    push: prefs?.push ?? true,
    cylinderReminders: prefs?.cylinderReminders ?? true,
    refillReminders: prefs?.refillReminders ?? false,
    pushDevices: devices?.n ?? 0,
    vapidPublicKey: app.push.publicKey,
  };
}

/**
 * The signed-in client's notification switches and push devices, mounted under /api/client
 * (`notifications`, `push-subscription`).
 */
const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['client'],
        summary: 'Your notification switches (SMS, push, reminders) and the Web Push key',
        response: { 200: notificationSettingsViewSchema },
      },
    },
    async (request) => settingsOf(app, signedIn(request.auth)),
  );

  app.put(
    '/notifications',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['client'],
        summary: 'Turn SMS, push or a reminder on or off',
        body: notificationSettingsUpdateSchema,
        response: { 200: notificationSettingsViewSchema },
      },
    },
    async (request) => {
      const clientId = signedIn(request.auth);
      const change = request.body;
      if (Object.keys(change).length > 0) {
        await app.db
          .insert(notificationPreferences)
          .values({ clientId, ...change })
          .onConflictDoUpdate({ target: notificationPreferences.clientId, set: change });
      }
      return settingsOf(app, clientId);
    },
  );

  app.post(
    '/push-subscription',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['client'],
        summary: "Keep this device's Web Push subscription (turns push on)",
        body: pushSubscriptionInputSchema,
        response: { 200: notificationSettingsViewSchema },
      },
    },
    async (request) => {
      const clientId = signedIn(request.auth);
      const { endpoint, keys } = request.body;
      // Only the browsers' push services, in every mode: the server POSTs to this address.
      if (!isAcceptedPushEndpoint(endpoint, app.outbound)) {
        throw new AppError("This browser's push service is not one we can send to", {
          status: 400,
          type: ErrorType.InvalidInput,
          additionalInfo: { field: 'endpoint', reason: 'UnknownPushService' },
        });
      }
      if (!app.push.publicKey) {
        throw new AppError('Push notifications are not available on this server', {
          status: 409,
          type: ErrorType.Conflict,
        });
      }
      await app.db.transaction(async (tx) => {
        // An endpoint belongs to the client who registered it first until they drop it: knowing
        // the address is not proof of holding the browser, so a second client changes nothing.
        const kept = await tx
          .insert(pushSubscriptions)
          .values({ clientId, endpoint, p256dh: keys.p256dh, auth: keys.auth })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { p256dh: keys.p256dh, auth: keys.auth, updatedAt: sql`now()` },
            setWhere: eq(pushSubscriptions.clientId, clientId),
          })
          .returning({ id: pushSubscriptions.id });
        if (kept.length === 0) {
          throw new AppError('This device is already set up for push notifications on another account', {
            status: 409,
            type: ErrorType.Conflict,
            additionalInfo: { field: 'endpoint', reason: 'PushSubscriptionTaken' },
          });
        }
        const mine = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.clientId, clientId))
          .orderBy(pushSubscriptions.updatedAt);
        for (const old of mine.slice(0, Math.max(0, mine.length - MAX_PUSH_DEVICES))) {
          await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, old.id));
        }
        await tx
          .insert(notificationPreferences)
          .values({ clientId, push: true })
          .onConflictDoUpdate({ target: notificationPreferences.clientId, set: { push: true } });
      });
      return settingsOf(app, clientId);
    },
  );

  app.delete(
    '/push-subscription',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['client'],
        summary: "Forget this device's Web Push subscription",
        body: pushUnsubscribeSchema,
        response: { 200: notificationSettingsViewSchema },
      },
    },
    async (request) => {
      const clientId = signedIn(request.auth);
      await app.db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.clientId, clientId), eq(pushSubscriptions.endpoint, request.body.endpoint)));
      return settingsOf(app, clientId);
    },
  );
};

export default notificationRoutes;
