import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientRecords } from '../../db/client-records';
import { notificationOutbox, notificationPreferences, pushSubscriptions } from './tables';

/** The client's notification switches (null: never changed, so the defaults). */
export async function notificationPreferencesRecord(db: DbOrTx, clientId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.clientId, clientId));
  return row ?? null;
}

/** What was (or is to be) told to the client, by SMS or push, newest first. */
export function notificationRecords(db: DbOrTx, clientId: string) {
  return clientRecords(db, notificationOutbox, clientId, notificationOutbox.createdAt, {
    channel: notificationOutbox.channel,
    kind: notificationOutbox.kind,
    data: notificationOutbox.data,
    status: notificationOutbox.status,
    createdAt: notificationOutbox.createdAt,
    sentAt: notificationOutbox.sentAt,
  });
}

/** The browsers the client allowed to show notifications: the endpoint, never the push keys. */
export function pushSubscriptionRecords(db: DbOrTx, clientId: string) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.clientId, clientId));
}

/**
 * Forgets everything notification-related of an erased client: their devices, their switches,
 * and every message, sent or still waiting (a waiting one would go to nobody).
 */
export async function eraseClientNotifications(tx: DbOrTx, clientId: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.clientId, clientId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.clientId, clientId));
  await tx.delete(notificationOutbox).where(eq(notificationOutbox.clientId, clientId));
}
