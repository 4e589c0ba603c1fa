import { and, eq, inArray, lte } from 'drizzle-orm';
import { lagosDateKey } from '../../../domain/format';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { notify } from './service';
import { notificationJobs, notificationPreferences } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the reminders read from the areas that own it. The notification module imports none of
 * them (they import it); `app.ts` hands in the cylinder and order modules' functions.
 */
export type ReminderSources = {
  /** Registered cylinders whose expiry date is on or before `until` (yyyy-MM-dd). */
  cylindersExpiringBy(
    db: DbOrTx,
    until: string,
  ): Promise<{ id: string; clientId: string; sizeKg: number; serialNumber: string; expiryDate: string }[]>;
  /** Paid gas refills of these clients: one row per order, with the largest cylinder size filled. */
  refillsOf(
    db: DbOrTx,
    clientIds: string[],
  ): Promise<{ clientId: string; orderId: string; sizeKg: number; paidAt: Date }[]>;
};

export const REMINDER_RULES = {
  /** The products screen flags a cylinder this many days before its expiry (CYLINDER_EXPIRY_WARNING_DAYS). */
  cylinderWarningDays: 60,
  /** A cylinder that expired longer ago than this is not reminded about any more. */
  expiredReminderWithinDays: 30,
  /** Fewer days than this since the last refill never call for a reminder. */
  minimumRefillGapDays: 7,
  /** Reminders go out between these Lagos hours only. */
  fromHour: 9,
  untilHour: 19,
  /** How often the job runs. */
  intervalMs: 60 * 60 * 1000,
} as const;

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Clients who switched a reminder off (no row: the default). */
async function switchedOff(db: DbOrTx, clientIds: string[]) {
  if (clientIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ clientId: notificationPreferences.clientId })
    .from(notificationPreferences)
    .where(
      and(inArray(notificationPreferences.clientId, clientIds), eq(notificationPreferences.cylinderReminders, false)),
    );
  return new Set(rows.map((r) => r.clientId));
}

/**
 * The cylinder-expiry reminder the products screen promises: once when a cylinder enters its
 * last 60 days, once when it passes its date. The event key names the cylinder, its date and the
 * stage, so each goes out at most once (a new date after requalification starts again).
 */
export async function queueCylinderReminders(db: DbOrTx, sources: ReminderSources, now: Date): Promise<number> {
  const today = lagosDateKey(now);
  const until = lagosDateKey(new Date(now.getTime() + REMINDER_RULES.cylinderWarningDays * DAY_MS));
  const oldest = lagosDateKey(new Date(now.getTime() - REMINDER_RULES.expiredReminderWithinDays * DAY_MS));
  const cylinders = (await sources.cylindersExpiringBy(db, until)).filter((c) => c.expiryDate >= oldest);
  const off = await switchedOff(db, [...new Set(cylinders.map((c) => c.clientId))]);
  let queued = 0;
  for (const c of cylinders) {
    if (off.has(c.clientId)) continue;
    const stage = c.expiryDate < today ? 'expired' : 'soon';
    queued += await notify(db, {
      kind: NotificationKind.CylinderExpiry,
      clientId: c.clientId,
      key: `cylinder-expiry:${c.id}:${c.expiryDate}:${stage}`,
      data: { sizeKg: c.sizeKg, serialNumber: c.serialNumber, expiryDate: c.expiryDate, stage },
    });
  }
  return queued;
}

/**
 * The opt-in refill reminder, from the client's own rhythm: when the time since their last refill
 * reaches the median gap between their refills (two refills at least), once per last refill.
 */
export async function queueRefillReminders(db: DbOrTx, sources: ReminderSources, now: Date): Promise<number> {
  const optedIn = await db
    .select({ clientId: notificationPreferences.clientId })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.refillReminders, true));
  if (optedIn.length === 0) return 0;
  const refills = await sources.refillsOf(
    db,
    optedIn.map((r) => r.clientId),
  );
  const byClient = new Map<string, typeof refills>();
  for (const r of refills) byClient.set(r.clientId, [...(byClient.get(r.clientId) ?? []), r]);
  let queued = 0;
  for (const [clientId, list] of byClient) {
    const sorted = [...list].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
    if (sorted.length < 2) continue;
    const gaps = sorted
      .slice(1)
      .map((r, i) => (r.paidAt.getTime() - (sorted[i] as (typeof sorted)[number]).paidAt.getTime()) / DAY_MS);
    const rhythm = Math.max(REMINDER_RULES.minimumRefillGapDays, median(gaps));
    const last = sorted[sorted.length - 1] as (typeof sorted)[number];
    const days = Math.floor((now.getTime() - last.paidAt.getTime()) / DAY_MS);
    if (days < rhythm) continue;
    queued += await notify(db, {
      kind: NotificationKind.RefillReminder,
      clientId,
      key: `refill-reminder:${clientId}:${last.orderId}`,
      data: { sizeKg: last.sizeKg, days, weeks: Math.floor(days / 7) },
    });
  }
  return queued;
}

const lagosHour = (d: Date) => (d.getUTCHours() + 1) % 24;

/**
 * The scheduled reminder job, run by whichever instance locks its row first
 * (`FOR UPDATE SKIP LOCKED`; the others skip it, then find it not due). Its queued messages are
 * written in the same transaction as the job's next run, and their event keys make a repeat add
 * nothing. Answers whether this call ran it.
 */
export async function runReminderJob(db: DbOrTx, sources: ReminderSources, now = new Date()): Promise<boolean> {
  const hour = lagosHour(now);
  if (hour < REMINDER_RULES.fromHour || hour >= REMINDER_RULES.untilHour) return false;
  const name = 'reminders';
  await db.insert(notificationJobs).values({ name, nextRunAt: now }).onConflictDoNothing();
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(notificationJobs)
      .where(and(eq(notificationJobs.name, name), lte(notificationJobs.nextRunAt, now)))
      .for('update', { skipLocked: true });
    if (!job) return false;
    await queueCylinderReminders(tx, sources, now);
    await queueRefillReminders(tx, sources, now);
    await tx
      .update(notificationJobs)
      .set({ lastRunAt: now, nextRunAt: new Date(now.getTime() + REMINDER_RULES.intervalMs) })
      .where(eq(notificationJobs.name, name));
    return true;
  });
}
