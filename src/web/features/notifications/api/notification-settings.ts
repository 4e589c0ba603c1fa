import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettingsUpdate,
  NotificationSettingsView,
  PushSubscriptionInput,
} from '../../../../domain/schemas/notification';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { getNotificationSettings } from './client-notifications';

export const notificationKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.settings(), queryFn: getNotificationSettings });

/** PUT /api/client/notifications: one or more switches. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, idempotencyKey }: { change: NotificationSettingsUpdate; idempotencyKey: string }) =>
      api.put<NotificationSettingsView>('client/notifications', change, { idempotencyKey }),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings(), settings),
  });
}

/** POST /api/client/push-subscription: this device's subscription (turns push on). */
export const savePushSubscription = (subscription: PushSubscriptionInput, idempotencyKey: string) =>
  api.post<NotificationSettingsView>('client/push-subscription', subscription, { idempotencyKey });

/** DELETE /api/client/push-subscription: forget this device. */
export const deletePushSubscription = (endpoint: string) =>
  api.delete<NotificationSettingsView>('client/push-subscription', { json: { endpoint } });
