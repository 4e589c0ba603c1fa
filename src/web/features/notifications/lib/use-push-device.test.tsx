import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorType } from '../../../../domain/errors';
import type { NotificationSettingsView } from '../../../../domain/schemas/notification';
import { createQueryClient } from '../../../lib/query-client';
import { fakeApi, refusal } from '../../../test/fake-api';
import { usePushDevice } from './use-push-device';

const VAPID_KEY = 'BExampleVapidKey_0123456789abcdefghijklmnopq';

const settings: NotificationSettingsView = {
  sms: true,
  push: true,
  cylinderReminders: true,
  refillReminders: false,
  pushDevices: 1,
  vapidPublicKey: VAPID_KEY,
};

/** A browser holding one push subscription (made with the server's key), which may be replaced. */
function browserSubscribedAt(endpoint: string) {
  const key = Uint8Array.from(atob(VAPID_KEY.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  let made = 0;
  const subscription = (at: string) => {
    const sub = {
      endpoint: at,
      expirationTime: null,
      options: { applicationServerKey: key.buffer },
      toJSON: () => ({ keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' } }),
      unsubscribe: vi.fn(async () => {
        current = null;
        return true;
      }),
    };
    return sub;
  };
  let current: ReturnType<typeof subscription> | null = subscription(endpoint);
  const first = current;
  const registration = {
    pushManager: {
      getSubscription: async () => current,
      subscribe: vi.fn(async () => {
        made += 1;
        current = subscription(`${endpoint}-new-${made}`);
        return current;
      }),
    },
  };
  vi.stubEnv('DEV', false);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: async () => 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return { first, registration };
}

function renderPushDevice() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePushDevice(), { wrapper });
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('turning push on where another account set this browser up', () => {
  it('replaces the browser subscription the server keeps for someone else and registers the new one', async () => {
    const device = browserSubscribedAt('https://fcm.googleapis.com/fcm/send/shared');
    const api = fakeApi({
      'POST client/push-subscription': [
        refusal(409, ErrorType.Conflict, 'This device is already set up for push notifications on another account', {
          field: 'endpoint',
          reason: 'PushSubscriptionTaken',
        }),
        { status: 200, body: settings },
      ],
    });
    const { result } = renderPushDevice();
    let answer: unknown;
    await act(async () => {
      answer = await result.current.turnOn.mutateAsync(VAPID_KEY);
    });
    expect(answer).toEqual(settings);
    expect(device.first.unsubscribe).toHaveBeenCalledTimes(1);
    expect(api.calls.map((c) => (c.body as { endpoint: string }).endpoint)).toEqual([
      'https://fcm.googleapis.com/fcm/send/shared',
      'https://fcm.googleapis.com/fcm/send/shared-new-1',
    ]);
  });

  it('leaves the subscription alone on any other refusal', async () => {
    const device = browserSubscribedAt('https://fcm.googleapis.com/fcm/send/mine');
    fakeApi({
      'POST client/push-subscription': refusal(409, ErrorType.Conflict, 'Push notifications are not available'),
    });
    const { result } = renderPushDevice();
    await act(async () => {
      await expect(result.current.turnOn.mutateAsync(VAPID_KEY)).rejects.toMatchObject({ status: 409 });
    });
    expect(device.first.unsubscribe).not.toHaveBeenCalled();
    expect(device.registration.pushManager.subscribe).not.toHaveBeenCalled();
  });
});
