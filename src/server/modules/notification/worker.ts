import { type AnyColumn, and, asc, eq, getTableColumns, getTableName, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NotificationChannel } from '../../../domain/schemas/notification';
import type { PushTarget } from '../../integrations/push/web-push';
import { clientPhoneOf } from '../client';
import { renderMessage } from './messages';
import { notificationOutbox, notificationPreferences, type OutboxRow, pushSubscriptions } from './tables';

export type WorkerOptions = {
  /** Sends per claim. */
  batchSize?: number;
  /** Tries before a message is marked failed. */
  maxAttempts?: number;
  /** First retry after this long; each next one waits twice as long, at most `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed row stays away from other workers while it is being sent. */
  leaseMs?: number;
  now?: () => Date;
};

export const WORKER_DEFAULTS = {
  batchSize: 20,
  maxAttempts: 6,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  leaseMs: 2 * 60_000,
} as const;

/** Delay before try number `attempts + 1` (attempts already made ≥ 1). */
export function backoffMs(
  attempts: number,
  base: number = WORKER_DEFAULTS.baseDelayMs,
  max: number = WORKER_DEFAULTS.maxDelayMs,
) {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

type Outcome = { status: 'sent' | 'skipped'; note?: string };

/**
 * A claimed message with what sending it needs, read by the claim itself: the client's switch
 * for its channel (null: never set, so on) and their phone number.
 */
type ClaimedRow = OutboxRow & { switchedOn: boolean | null; phone: string | null };

/** An outbox column named with its table: RETURNING names columns bare, which a subquery would read as its own. */
const outbox = (column: AnyColumn) =>
  sql`${sql.identifier(getTableName(notificationOutbox))}.${sql.identifier(column.name)}`;
const claimedColumns = {
  ...getTableColumns(notificationOutbox),
  // What the client has switched off since the message was written is not sent.
  switchedOn: sql<boolean | null>`(select case when ${outbox(notificationOutbox.channel)} = ${NotificationChannel.Sms}
    then p.sms else p.push end from ${notificationPreferences} p where p.client_id = ${outbox(notificationOutbox.clientId)})`,
  phone: clientPhoneOf(outbox(notificationOutbox.clientId)),
};

async function deliver(app: FastifyInstance, row: ClaimedRow): Promise<Outcome> {
  if (row.switchedOn === false) return { status: 'skipped', note: 'switched off by the client' };
  const message = renderMessage(row.kind, row.data, app.config.publicUrl);
  if (row.channel === NotificationChannel.Sms) {
    if (!row.phone) return { status: 'skipped', note: 'no phone number' };
    await app.sms.provider.send({ to: row.phone, body: message.sms });
    return { status: 'sent' };
  }
  const subscriptions = await app.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.clientId, row.clientId));
  if (subscriptions.length === 0) return { status: 'skipped', note: 'no device subscribed' };
  const payload = JSON.stringify(message.push);
  const failures: string[] = [];
  let delivered = 0;
  for (const s of subscriptions) {
    const target: PushTarget = { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
    try {
      const outcome = await app.push.send(target, payload);
      if (outcome === 'gone') await app.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
      else delivered++;
    } catch (err) {
      failures.push((err as Error).message);
    }
  }
  // Retried as a whole: the tag makes a device that already has it replace it, not show two.
  if (failures.length > 0) throw new Error(failures.join('; '));
  return delivered > 0 ? { status: 'sent' } : { status: 'skipped', note: 'every device unsubscribed' };
}

/**
 * One pass: claims due messages (`FOR UPDATE SKIP LOCKED`, so two instances never take the same
 * row) with each client's switch and phone number, sends each, and marks it sent, skipped, due
 * again after a backoff, or failed after the last try: one statement per pass and one per
 * message (a push message also reads its devices). Answers how many rows it settled or rescheduled.
 */
export async function runOutboxOnce(app: FastifyInstance, options: WorkerOptions = {}): Promise<number> {
  const o = { ...WORKER_DEFAULTS, ...options };
  const now = options.now?.() ?? new Date();
  const due = app.db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.status, 'pending'), lte(notificationOutbox.nextAttemptAt, now)))
    .orderBy(asc(notificationOutbox.nextAttemptAt))
    .limit(o.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await app.db
    .update(notificationOutbox)
    .set({ attempts: sql`${notificationOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + o.leaseMs) })
    .where(inArray(notificationOutbox.id, due))
    .returning(claimedColumns);
  for (const row of claimed) {
    // Only the claim that is still ours writes the result (a lease that ran out was re-claimed).
    const ours = and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.attempts, row.attempts));
    try {
      const outcome = await deliver(app, row);
      await app.db
        .update(notificationOutbox)
        .set({
          status: outcome.status,
          sentAt: outcome.status === 'sent' ? new Date() : null,
          lastError: outcome.note ?? null,
        })
        .where(ours);
    } catch (err) {
      const error = (err as Error).message.slice(0, 500);
      const giveUp = row.attempts >= o.maxAttempts;
      await app.db
        .update(notificationOutbox)
        .set(
          giveUp
            ? { status: 'failed', lastError: error }
            : {
                lastError: error,
                nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts, o.baseDelayMs, o.maxDelayMs)),
              },
        )
        .where(ours);
      app.log.warn(
        { notification: row.id, channel: row.channel, kind: row.kind, attempt: row.attempts, giveUp, error },
        giveUp ? 'a notification could not be sent and was given up' : 'a notification could not be sent; will retry',
      );
    }
  }
  return claimed.length;
}
