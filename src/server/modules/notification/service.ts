import { and, count, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { NotificationChannel, type NotificationKind } from '../../../domain/schemas/notification';
import type { SmsOutcome } from '../../../domain/schemas/sms';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import { clientPhoneOf } from '../client';
import { budgetReachedOutcome, spendSmsBudget } from '../sms-budget';
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
 * notify as the body of a CTE, for a statement that makes the event happen and tells of it in the
 * same round trip: `events` is a relation of (client_id uuid, key text, data json), one row per
 * event of this kind. The client's switches (a missing row means both on) and whether a device is
 * subscribed decide the channels; a row per channel is added unless the event was already written.
 */
export const notifySql = (
  kind: SQLWrapper,
  events: SQL,
) => sql`insert into ${notificationOutbox} (client_id, channel, kind, event_key, data)
  select e.client_id, channel.name, ${kind}, e.key, e.data::jsonb
  from (${events}) as e
  cross join lateral (
    select coalesce((select ${sql.identifier('sms')} from ${notificationPreferences} p where p.client_id = e.client_id), true) as sms,
           coalesce((select ${sql.identifier('push')} from ${notificationPreferences} p where p.client_id = e.client_id), true) as push,
           exists (select 1 from ${pushSubscriptions} d where d.client_id = e.client_id) as devices
  ) as switches
  cross join (values (${NotificationChannel.Sms}, 1), (${NotificationChannel.Push}, 2)) as channel(name, rank)
  where (channel.name = ${NotificationChannel.Sms} and switches.sms)
     or (channel.name = ${NotificationChannel.Push} and switches.push and switches.devices)
  order by channel.rank
  on conflict (event_key, channel) do nothing
  returning id`;

/** notify's one statement (a hot path: every payment, every hand-over), built once. */
const notifyStatement = rawStatement<{ id: string }>(
  'notify_outbox',
  notifySql(
    value('kind'),
    sql`select ${value('clientId')}::uuid as client_id, ${value('key')}::text as key, ${value('data')}::json as data`,
  ),
);

/**
 * A text message a staff member's action has just queued (a delivery step, a cancelled delivery),
 * counted against the SMS budgets (sms-budget module) in the action's transaction. Over a budget
 * its row is marked skipped, with the reason, and the answer says it will not go out; the action
 * itself stands. Null when the event queued no SMS (the client switched texts off). Counted once
 * per event, so a retried request spends nothing.
 */
export async function budgetStaffNotice(db: DbOrTx, staffId: string, eventKey: string): Promise<SmsOutcome | null> {
  const [row] = await db
    .select({
      id: notificationOutbox.id,
      status: notificationOutbox.status,
      phone: clientPhoneOf(notificationOutbox.clientId),
    })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.eventKey, eventKey), eq(notificationOutbox.channel, NotificationChannel.Sms)));
  if (!row?.phone) return null;
  const decision = await spendSmsBudget(db, { purpose: 'notice', staffId, phone: row.phone, messageKey: eventKey });
  if (decision.allowed) return { sent: true };
  if (row.status === 'pending') {
    await db
      .update(notificationOutbox)
      .set({ status: 'skipped', lastError: `SMS budget reached (${decision.budget})` })
      .where(eq(notificationOutbox.id, row.id));
  }
  return budgetReachedOutcome(decision, 'The text to the customer');
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
