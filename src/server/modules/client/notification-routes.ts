import { AppError, ErrorType } from '../../../domain/errors';
import {
  notificationSettingsUpdateSchema,
  notificationSettingsViewSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
} from '../../../domain/schemas/notification';
import { isAcceptedPushEndpoint } from '../../integrations/push/push-service';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import {
  forgetPushSubscription,
  keepPushSubscription,
  notificationSettingsOf,
  updateNotificationSettings,
} from '../notification';

/**
 * The signed-in client's notification switches and push devices (`notifications`,
 * `push-subscription`), kept by the notification module.
 */
const notificationRoutes = routesOf('client', async (app, route) => {
  const settingsOf = (clientId: string) => notificationSettingsOf(app.db, clientId, app.push.publicKey);

  app.get(
    '/notifications',
    route('Your notification switches (SMS, push, reminders) and the Web Push key', {
      who: app.requireClient,
      ok: notificationSettingsViewSchema,
    }),
    async (request) => settingsOf(signedInClientId(request)),
  );

  app.put(
    '/notifications',
    route('Turn SMS, push or a reminder on or off', {
      who: app.requireClient,
      idempotent: true,
      body: notificationSettingsUpdateSchema,
      ok: notificationSettingsViewSchema,
    }),
    async (request) => {
      const clientId = signedInClientId(request);
      await updateNotificationSettings(app.db, clientId, request.body);
      return settingsOf(clientId);
    },
  );

  app.post(
    '/push-subscription',
    route("Keep this device's Web Push subscription (turns push on)", {
      who: app.requireClient,
      idempotent: true,
      body: pushSubscriptionInputSchema,
      ok: notificationSettingsViewSchema,
    }),
    async (request) => {
      const clientId = signedInClientId(request);
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
      await keepPushSubscription(app.db, clientId, { endpoint, keys });
      return settingsOf(clientId);
    },
  );

  app.delete(
    '/push-subscription',
    route("Forget this device's Web Push subscription", {
      who: app.requireClient,
      body: pushUnsubscribeSchema,
      ok: notificationSettingsViewSchema,
    }),
    async (request) => {
      const clientId = signedInClientId(request);
      await forgetPushSubscription(app.db, clientId, request.body.endpoint);
      return settingsOf(clientId);
    },
  );
});

export default notificationRoutes;
