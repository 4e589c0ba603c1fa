import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationChannel, NotificationKind } from '../../../domain/schemas/notification';
import { id, requiredRef, timestamps } from '../../db/columns';
import { clients } from '../client/tables';

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'skipped';

/**
 * What is to be told to a client, one row per event and channel, written in the transaction of
 * the event itself. The worker claims due rows (`FOR UPDATE SKIP LOCKED`), sends, and marks them
 * sent, or retries with backoff until it gives up and marks them failed.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id, 'cascade'),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** What happened, once: `order-paid:{orderId}`, `cylinder-expiry:{id}:{expiry}:soon`… */
    eventKey: text('event_key').notNull(),
    /** What the message is made of (order number, pickup code, rider's name…), rendered when sent. */
    data: jsonb('data').$type<Record<string, string | number | null>>().notNull().default({}),
    status: text('status').$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Due time; while a worker sends, its lease (a crashed worker's row comes back after it). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('notification_outbox_event_channel_idx').on(t.eventKey, t.channel),
    index('notification_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('notification_outbox_client_idx').on(t.clientId, t.createdAt),
  ],
);

/** The client's switches (Settings → Notifications). No row: the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  sms: boolean('sms').notNull().default(true),
  push: boolean('push').notNull().default(true),
  cylinderReminders: boolean('cylinder_reminders').notNull().default(true),
  refillReminders: boolean('refill_reminders').notNull().default(false),
  ...timestamps(),
});

/** A browser's Web Push subscription (one per device the client allowed). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id, 'cascade'),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    ...timestamps(),
  },
  (t) => [index('push_subscriptions_client_idx').on(t.clientId)],
);

/** Scheduled jobs: the row is locked (`FOR UPDATE SKIP LOCKED`) by the one instance that runs it. */
export const notificationJobs = pgTable('notification_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});

export type OutboxRow = typeof notificationOutbox.$inferSelect;
export type PreferencesRow = typeof notificationPreferences.$inferSelect;
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
