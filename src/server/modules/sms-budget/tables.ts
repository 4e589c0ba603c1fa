import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Text messages counted per clock hour: `kind` names the budget (`phone:receipt`, `staff`…), `key`
 * whose it is (a phone in the international form, a staff id). Migration 0022.
 */
export const smsBudgetCounters = pgTable(
  'sms_budget_counters',
  {
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'sms_budget_counters_pk', columns: [t.kind, t.key, t.windowStart] }),
    index('sms_budget_counters_window_idx').on(t.windowStart),
  ],
);

/** The decision taken for one message, once: a retry reads it instead of counting again. */
export const smsBudgetSpends = pgTable(
  'sms_budget_spends',
  {
    messageKey: text('message_key').primaryKey(),
    allowed: boolean('allowed').notNull(),
    /** The budget that held it back: `phone` or `staff`. */
    budget: text('budget').$type<'phone' | 'staff'>(),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_budget_spends_created_idx').on(t.createdAt)],
);
