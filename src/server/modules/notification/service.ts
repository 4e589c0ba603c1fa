import { and, count, eq, sql } from 'drizzle-orm';
import { NotificationChannel, type NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { notificationOutbox, notificationPreferences, pushSubscriptions } from './tables';

/**
 * One thing to tell a client. `key` names the event once and for all (`order-paid:{orderId}`):
 * writing the same event again (a retried request, a second instance) adds nothing.
 */
export type NotificationEvent = {
  kind: NotificationKind;
  clientId: string;
  key: string;
  data: Record<string, string | number | null>;
};

/**
 * THE hook: call it inside the transaction that makes the event happen (or right after it
 * commits). It only writes outbox rows, one per channel the client has on, so it never delays
 * or fails the action beyond one small insert; the worker sends later. Answers how many rows
 * were added (0 when the event was already written or every channel is off).
 */
export async function notify(db: DbOrTx, event: NotificationEvent): Promise<number> {
  // One read: the client's switches (a missing row means both on) and whether a device is subscribed.
  const [found] = await db
    .select({
      sms: sql<
        boolean | null
      >`(select ${notificationPreferences.sms} from ${notificationPreferences} where ${notificationPreferences.clientId} = ${event.clientId})`,
      push: sql<
        boolean | null
      >`(select ${notificationPreferences.push} from ${notificationPreferences} where ${notificationPreferences.clientId} = ${event.clientId})`,
      devices: sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.clientId} = ${event.clientId})`,
    })
    .from(sql`(select 1) as one`);
  const smsOn = found?.sms ?? true;
  const pushOn = found?.push ?? true;
  const channels: NotificationChannel[] = [];
  if (smsOn) channels.push(NotificationChannel.Sms);
  if (pushOn && found?.devices === true) channels.push(NotificationChannel.Push);
  if (channels.length === 0) return 0;
  const added = await db
    .insert(notificationOutbox)
    .values(
      channels.map((channel) => ({
        clientId: event.clientId,
        channel,
        kind: event.kind,
        eventKey: event.key,
        data: event.data,
      })),
    )
    .onConflictDoNothing({ target: [notificationOutbox.eventKey, notificationOutbox.channel] })
    .returning({ id: notificationOutbox.id });
  return added.length;
}

/** The rows written for one event (tests and support). */
export async function outboxRowsFor(db: DbOrTx, eventKey: string) {
  return db.select().from(notificationOutbox).where(eq(notificationOutbox.eventKey, eventKey));
}

/** How many messages of a kind were written for a client (tests and support). */
export async function countOutbox(db: DbOrTx, clientId: string, kind: NotificationKind): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.clientId, clientId), eq(notificationOutbox.kind, kind)));
  return row?.n ?? 0;
}
