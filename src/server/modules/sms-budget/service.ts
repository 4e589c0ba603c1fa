import { and, eq, lt, sql } from 'drizzle-orm';
import {
  SMS_CODES_PER_PHONE_PER_HOUR,
  SMS_NOTICES_PER_PHONE_PER_HOUR,
  SMS_PER_STAFF_PER_HOUR,
  SMS_RECEIPTS_PER_PHONE_PER_HOUR,
} from '../../../domain/constants';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import type { SmsBudgetScope, SmsOutcome } from '../../../domain/schemas/sms';
import type { DbOrTx } from '../../db/client';
import { smsBudgetCounters, smsBudgetSpends } from './tables';

// SMS budgets (docs/security.md "SMS budgets"): every text message a staff member's action sends
// is counted against the phone it goes to (per kind of message) and against the staff member,
// per clock hour, in the database, so every instance counts on the same rows. A message is
// counted once by its key: a retried request, or a second write of the same event, reads the
// decision taken the first time.

/** What a message is, for the phone's budget. */
export type SmsPurpose = 'receipt' | 'code' | 'notice';

const PHONE_BUDGET: Record<SmsPurpose, number> = {
  receipt: SMS_RECEIPTS_PER_PHONE_PER_HOUR,
  code: SMS_CODES_PER_PHONE_PER_HOUR,
  notice: SMS_NOTICES_PER_PHONE_PER_HOUR,
};

const HOUR_MS = 60 * 60 * 1000;
/** Counters are read for the current hour only; a day is kept for support. */
const COUNTERS_KEPT_MS = 24 * HOUR_MS;
/** Decisions are kept as long as an Idempotency-Key is, so a late retry still finds its own. */
const SPENDS_KEPT_MS = 48 * HOUR_MS;

export type SmsMessageToBudget = {
  purpose: SmsPurpose;
  /** Whose action sends it. */
  staffId: string;
  /** The phone it goes to, in either form. */
  phone: string;
  /** The message, once and for all (`receipt:{orderId}`, `code:{codeId}`, the notice's event key). */
  messageKey: string;
};

export type SmsBudgetDecision =
  /** `repeated`: this message was counted (and let through) before. */
  { allowed: true; repeated?: boolean } | { allowed: false; budget: SmsBudgetScope; limit: number; retryAt: Date };

const phoneKey = (phone: string) => {
  const p = normalizePhone(phone);
  return p.pass ? p.international : phone;
};

/** Adds one to a counter of this hour unless it is at `limit`; answers whether it did. */
async function bump(db: DbOrTx, kind: string, key: string, windowStart: Date, limit: number) {
  const [row] = await db
    .insert(smsBudgetCounters)
    .values({ kind, key, windowStart, n: 1 })
    .onConflictDoUpdate({
      target: [smsBudgetCounters.kind, smsBudgetCounters.key, smsBudgetCounters.windowStart],
      set: { n: sql`${smsBudgetCounters.n} + 1` },
      setWhere: sql`${smsBudgetCounters.n} < ${limit}`,
    })
    .returning({ n: smsBudgetCounters.n });
  return row ? row.n : null;
}

/**
 * Counts one message against its phone's and its sender's budgets of this hour, or answers which
 * budget is spent and when it opens again. Either both counters take it or neither does. The
 * same `messageKey` again answers the first decision and counts nothing.
 */
export async function spendSmsBudget(
  db: DbOrTx,
  message: SmsMessageToBudget,
  now = new Date(),
): Promise<SmsBudgetDecision> {
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const retryAt = new Date(windowStart.getTime() + HOUR_MS);
  return db.transaction(async (tx) => {
    const [first] = await tx
      .insert(smsBudgetSpends)
      .values({ messageKey: message.messageKey, allowed: true, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: smsBudgetSpends.messageKey });
    if (!first) {
      const [earlier] = await tx
        .select()
        .from(smsBudgetSpends)
        .where(eq(smsBudgetSpends.messageKey, message.messageKey));
      if (!earlier || earlier.allowed) return { allowed: true, repeated: true };
      const budget = earlier.budget ?? 'phone';
      return {
        allowed: false,
        budget,
        limit: budget === 'staff' ? SMS_PER_STAFF_PER_HOUR : PHONE_BUDGET[message.purpose],
        retryAt: earlier.retryAt ?? retryAt,
      };
    }
    const phone = phoneKey(message.phone);
    const phoneKind = `phone:${message.purpose}`;
    const refuse = async (budget: SmsBudgetScope, limit: number): Promise<SmsBudgetDecision> => {
      await tx
        .update(smsBudgetSpends)
        .set({ allowed: false, budget, retryAt })
        .where(eq(smsBudgetSpends.messageKey, message.messageKey));
      return { allowed: false, budget, limit, retryAt };
    };
    // The phone first, then the sender: every spend takes the two rows in this order.
    if ((await bump(tx, phoneKind, phone, windowStart, PHONE_BUDGET[message.purpose])) === null) {
      return refuse('phone', PHONE_BUDGET[message.purpose]);
    }
    const staffCount = await bump(tx, 'staff', message.staffId, windowStart, SMS_PER_STAFF_PER_HOUR);
    if (staffCount === null) {
      await tx
        .update(smsBudgetCounters)
        .set({ n: sql`${smsBudgetCounters.n} - 1` })
        .where(
          and(
            eq(smsBudgetCounters.kind, phoneKind),
            eq(smsBudgetCounters.key, phone),
            eq(smsBudgetCounters.windowStart, windowStart),
          ),
        );
      return refuse('staff', SMS_PER_STAFF_PER_HOUR);
    }
    // A staff member's first message of the hour clears out old rows: no timer needed.
    if (staffCount === 1) {
      await tx
        .delete(smsBudgetCounters)
        .where(lt(smsBudgetCounters.windowStart, new Date(now.getTime() - COUNTERS_KEPT_MS)));
      await tx.delete(smsBudgetSpends).where(lt(smsBudgetSpends.createdAt, new Date(now.getTime() - SPENDS_KEPT_MS)));
    }
    return { allowed: true };
  });
}

const minutesUntil = (at: Date, now = new Date()) => Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60_000));

/** Why a message was held back, in the staff member's words. `what`: "The SMS receipt", "The code". */
export function budgetReachedWords(
  decision: Extract<SmsBudgetDecision, { allowed: false }>,
  what: string,
  now = new Date(),
): string {
  const wait = `Texts can go out again in ${minutesUntil(decision.retryAt, now)} min.`;
  return decision.budget === 'phone'
    ? `${what} was not sent: this phone number has had ${decision.limit} such texts this hour, the most we send. ${wait}`
    : `${what} was not sent: you have sent ${decision.limit} texts this hour, the most one staff member may. ${wait}`;
}

/** The answer's account of a message that was held back by a budget. */
export function budgetReachedOutcome(
  decision: Extract<SmsBudgetDecision, { allowed: false }>,
  what: string,
): SmsOutcome {
  return {
    sent: false,
    reason: 'SmsBudgetReached',
    budget: decision.budget,
    retryAfter: decision.retryAt.toISOString(),
    message: budgetReachedWords(decision, what),
  };
}

/** A request whose purpose is the message (a code) refused: 429, nothing sent, nothing stored. */
export function smsBudgetError(
  decision: Extract<SmsBudgetDecision, { allowed: false }>,
  what: string,
  /** What the staff member can do instead, a sentence. */
  instead?: string,
): AppError {
  return new AppError(
    instead ? `${budgetReachedWords(decision, what)} ${instead}` : budgetReachedWords(decision, what),
    {
      status: 429,
      type: ErrorType.RateLimited,
      additionalInfo: {
        reason: 'SmsBudgetReached',
        scope: decision.budget,
        retryAfter: decision.retryAt.toISOString(),
        retryAfterSeconds: Math.max(1, Math.ceil((decision.retryAt.getTime() - Date.now()) / 1000)),
      },
    },
  );
}

/**
 * Sends a message that is not the action's purpose (a receipt) within the budgets, and answers
 * what became of it: sent, held back by a budget, or failed at the provider. Never throws.
 */
export async function sendWithinBudget(
  db: DbOrTx,
  message: SmsMessageToBudget & { what: string },
  send: () => Promise<void>,
): Promise<SmsOutcome> {
  try {
    const decision = await spendSmsBudget(db, message);
    if (!decision.allowed) return budgetReachedOutcome(decision, message.what);
    // Let through before: it went out then; a second copy is not sent.
    if (decision.repeated) return { sent: true };
    await send();
    return { sent: true };
  } catch {
    // The action is done: a failure here must not turn it into an error (and a retry into a second one).
    return { sent: false, reason: 'SendFailed', message: `${message.what} could not be sent. Please try again later.` };
  }
}
