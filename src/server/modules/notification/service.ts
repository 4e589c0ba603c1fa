import { and, count, eq, sql } from 'drizzle-orm';
import { NotificationChannel, type NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
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
  const added = await notifyStatement.run(db, {
    clientId: event.clientId,
    kind: event.kind,
    key: event.key,
    data: JSON.stringify(event.data),
  });
  return added.length;
}

/**
 * notify's one statement: the client's switches (a missing row means both on) and whether a
 * device is subscribed decide the channels, and a row per channel is added unless the event was
 * already written. A hot path (every payment, every hand-over), so it is built once.
 */
const notifyStatement = rawStatement<{ id: string }>(
  'notify_outbox',
  sql`with switches as (
    select coalesce((select ${sql.identifier('sms')} from ${notificationPreferences} where client_id = ${value('clientId')}::uuid), true) as sms,
           coalesce((select ${sql.identifier('push')} from ${notificationPreferences} where client_id = ${value('clientId')}::uuid), true) as push,
           exists (select 1 from ${pushSubscriptions} where client_id = ${value('clientId')}::uuid) as devices
  )
  insert into ${notificationOutbox} (client_id, channel, kind, event_key, data)
  select ${value('clientId')}::uuid, channel.name, ${value('kind')}, ${value('key')}, ${value('data')}::jsonb
  from switches, (values (${NotificationChannel.Sms}, 1), (${NotificationChannel.Push}, 2)) as channel(name, rank)
  where (channel.name = ${NotificationChannel.Sms} and switches.sms)
     or (channel.name = ${NotificationChannel.Push} and switches.push and switches.devices)
  order by channel.rank
  on conflict (event_key, channel) do nothing
  returning id`,
);

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
