import { and, count, eq, sql } from 'drizzle-orm';
import { AppError, ErrorType } from '../../../domain/errors';
import type { NotificationSettingsView } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, pushSubscriptions } from './tables';

/** A client may keep push on this many devices; the oldest goes when a new one subscribes. */
const MAX_PUSH_DEVICES = 10;

type SettingsChange = Partial<Pick<NotificationSettingsView, 'sms' | 'push' | 'cylinderReminders' | 'refillReminders'>>;

/** A client's notification switches (defaults where never set), their push devices and the Web Push key. */
export async function notificationSettingsOf(
  db: DbOrTx,
  clientId: string,
  vapidPublicKey: string | null,
): Promise<NotificationSettingsView> {
  const [[prefs], [devices]] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.clientId, clientId)),
    db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.clientId, clientId)),
  ]);
  return {
    sms: prefs?.sms ?? true,
    push: prefs?.push ?? true,
    cylinderReminders: prefs?.cylinderReminders ?? true,
    refillReminders: prefs?.refillReminders ?? false,
    pushDevices: devices?.n ?? 0,
    vapidPublicKey,
  };
}

/** Turns the switches named in `change` on or off; the others keep their value. */
export async function updateNotificationSettings(db: DbOrTx, clientId: string, change: SettingsChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await db
    .insert(notificationPreferences)
    .values({ clientId, ...change })
    .onConflictDoUpdate({ target: notificationPreferences.clientId, set: change });
}

/** Keeps a device's push subscription for the client (turning push on), the newest MAX_PUSH_DEVICES at most. */
export async function keepPushSubscription(
  db: DbOrTx,
  clientId: string,
  { endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } },
): Promise<void> {
  await db.transaction(async (tx) => {
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
}

/** Forgets one of the client's push devices. */
export async function forgetPushSubscription(db: DbOrTx, clientId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.clientId, clientId), eq(pushSubscriptions.endpoint, endpoint)));
}
