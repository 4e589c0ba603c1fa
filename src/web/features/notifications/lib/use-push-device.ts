import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useMutation } from '../../../lib/use-mutation';
import { deletePushSubscription, notificationKeys, savePushSubscription } from '../api/notification-settings';
import { currentPushSubscription, pushPermission, subscribeThisDevice, unsubscribeThisDevice } from './push';

/** Push on this device: its state, and turning it on (asks permission) or off. */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKey();
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [permission, setPermission] = useState(pushPermission);

  useEffect(() => {
    let live = true;
    void currentPushSubscription()
      .then((s) => live && setSubscribed(Boolean(s)))
      .catch(() => live && setSubscribed(false));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useMutation({
    mutationFn: async (vapidPublicKey: string) => {
      const subscription = await subscribeThisDevice(vapidPublicKey);
      setPermission(pushPermission());
      if (!subscription) return null;
      try {
        return await savePushSubscription(subscription, keys.keyFor(subscription));
      } catch (err) {
        // This browser's subscription is kept for another account (someone else used this device):
        // a new subscription gets a new address for this account, and the old one stops working.
        if (!(err instanceof ApiError) || err.reason !== 'PushSubscriptionTaken') throw err;
        await unsubscribeThisDevice();
        const fresh = await subscribeThisDevice(vapidPublicKey);
        return fresh ? savePushSubscription(fresh, keys.keyFor(fresh)) : null;
      }
    },
    onSuccess: (settings) => {
      if (!settings) return;
      setSubscribed(true);
      queryClient.setQueryData(notificationKeys.settings(), settings);
    },
  });
  const turnOff = useMutation({
    mutationFn: async () => {
      const endpoint = await unsubscribeThisDevice();
      return endpoint ? deletePushSubscription(endpoint) : null;
    },
    onSuccess: (settings) => {
      setSubscribed(false);
      if (settings) queryClient.setQueryData(notificationKeys.settings(), settings);
    },
  });
  return { permission, subscribed, turnOn, turnOff };
}
