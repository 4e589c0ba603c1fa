// The client's notification settings without the app's query cache: the app's query
// (notification-settings.ts) and an order's first view (lib/push.ts, pushOfferWouldShow) read them
// the same way.
import type { NotificationSettingsView } from '../../../../domain/schemas/notification';
import { api } from '../../../lib/api-client';

/** GET /api/client/notifications: the switches, push devices and the server's push key. */
export const getNotificationSettings = () => api.get<NotificationSettingsView>('client/notifications');
