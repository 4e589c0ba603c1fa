import type { PushSubscriptionInput } from '../../../../domain/schemas/notification';
import { storedItem } from '../../../lib/storage';
import { getNotificationSettings } from '../api/client-notifications';

/** This browser can receive Web Push (a service worker, the Push API and notifications). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    !import.meta.env.DEV
  );
}

/** 'granted' | 'denied' | 'default', or 'unsupported'. */
export function pushPermission(): NotificationPermission | 'unsupported' {
  return pushSupported() ? Notification.permission : 'unsupported';
}

const OFFER_DISMISSED_KEY = 'arrive.pushOffer.dismissed';

/** The client said "Not now" to the push offer on this device. */
export function pushOfferDismissed(): boolean {
  return storedItem('localStorage', OFFER_DISMISSED_KEY) === '1';
}

/** "Not now", remembered on this device (in private mode it is asked again next time, which is fine). */
export function dismissPushOffer(): void {
  try {
    localStorage.setItem(OFFER_DISMISSED_KEY, '1');
  } catch {
    // not kept
  }
}

/**
 * A paid order's page may offer push on this device: it can receive push, the client has not
 * decided, nor said "Not now" (the offer checks the server's settings and the subscription too).
 */
export const pushOfferMayShow = (): boolean => pushPermission() === 'default' && !pushOfferDismissed();

/**
 * The app's push offer (components/push-offer.tsx) would show on a paid order on this device now:
 * it may (above), and the server has a push key and the client's push switch is on. The settings
 * are read only when the device may be offered; a failed read (offline) says no, as the offer
 * cannot show then either.
 */
export async function pushOfferWouldShow(): Promise<boolean> {
  if (!pushOfferMayShow()) return false;
  const settings = await getNotificationSettings().catch(() => null);
  return Boolean(settings?.vapidPublicKey && settings.push);
}

const fromBase64url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
};

/** This device's current subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the browser's permission (only ever on a tap), subscribes with the server's key and
 * answers the subscription to send to the server; null when the client said no.
 */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionInput | null> {
  if (!pushSupported()) return null;
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const key = fromBase64url(vapidPublicKey);
  // A subscription made with another key (the server's key changed) must be replaced.
  const sameKey =
    existing?.options.applicationServerKey &&
    new Uint8Array(existing.options.applicationServerKey).every((b, i) => b === key[i]);
  if (existing && !sameKey) await existing.unsubscribe();
  const subscription =
    existing && sameKey
      ? existing
      : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    expirationTime: subscription.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Unsubscribes this device; answers the endpoint it had (to forget on the server). */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
