import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { OTP_EXPIRY_MS } from '../../../domain/constants';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { smsBudgetError, spendSmsBudget } from '../sms-budget';
import { OTP_MAX_ATTEMPTS, OTP_SENDS_WINDOW_MS } from './limits';
import { generateOtpCode, hashOtpCode, openOrBurned, spendCode } from './otp-service';
import { type OtpPurpose, otpCodes } from './tables';

// One-time codes bound to one thing (an order to hand over, a customer's wallet at the counter):
// sign-in codes in all but purpose — the same table, generator, keyed hash, expiry, wrong-try
// count and single use (spendCode). The code's row names its subject, and `scope` (the subject
// and whatever else it is for, an amount) is in its hash, so a code never opens anything else.
// Sending is limited per subject.

export type BoundCodeDeps = { db: DbOrTx; config: Pick<Config, 'SESSION_SECRET'> };

export type BoundCode = {
  purpose: Exclude<OtpPurpose, 'signin'>;
  /** The row's subject (an order, a customer): the send limit counts per subject. */
  subjectId: string;
  /** What the code is for, in its hash: `handover:{orderId}`, `wallet-sale:{clientId}:{amount}:{basket}`. */
  scope: string;
};

const forSubject = (code: Pick<BoundCode, 'purpose' | 'subjectId'>) =>
  and(eq(otpCodes.purpose, code.purpose), eq(otpCodes.subjectId, code.subjectId));

/**
 * Texts a new code for `bound` to `phoneInternational`. An earlier open code of the same subject is
 * closed ('replaced'): only the newest works. At most `maxSends` an hour per subject (then 429 with
 * `tooMany`); a send that fails closes its code and answers OPTSendFailed.
 */
export async function issueBoundCode(
  deps: BoundCodeDeps & { sms: SmsProvider },
  bound: BoundCode,
  input: {
    clientId: string;
    phoneInternational: string;
    smsBody: (code: string) => string;
    maxSends: number;
    /** The refusal's words, and the scope it names (`order`, `customer`). */
    tooMany: string;
    limitScope: string;
    /** The staff member whose tap sends it: counted against the SMS budgets (sms-budget module). */
    staffId?: string;
    /** What the staff member can do without a code, said when a budget refuses one. */
    instead?: string;
  },
): Promise<{ expiresAt: Date; attemptsAllowed: number }> {
  const { db, config, sms } = deps;
  const now = new Date();
  const code = generateOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_EXPIRY_MS);
  const id = await db.transaction(async (tx) => {
    // One send at a time per subject, so two taps cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${bound.purpose}:${bound.subjectId}`}))`);
    const [sent] = await tx
      .select({ n: count(), oldest: sql<string | Date | null>`min(${otpCodes.createdAt})` })
      .from(otpCodes)
      .where(and(forSubject(bound), gte(otpCodes.createdAt, new Date(now.getTime() - OTP_SENDS_WINDOW_MS))));
    if ((sent?.n ?? 0) >= input.maxSends) {
      const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : now.getTime();
      throw new AppError(input.tooMany, {
        status: 429,
        type: ErrorType.RateLimited,
        additionalInfo: {
          scope: input.limitScope,
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + OTP_SENDS_WINDOW_MS - now.getTime()) / 1000)),
        },
      });
    }
    // The phone's and the staff member's hourly SMS budgets, on top of the cap per subject: in
    // this transaction, so a refusal (429) stores no code and counts nothing.
    if (input.staffId) {
      const decision = await spendSmsBudget(tx, {
        purpose: 'code',
        staffId: input.staffId,
        phone: input.phoneInternational,
        messageKey: `code:${randomUUID()}`,
      });
      if (!decision.allowed) throw smsBudgetError(decision, 'The code', input.instead);
    }
    await tx
      .update(otpCodes)
      .set({ closedAt: now, closedReason: 'replaced' })
      .where(and(forSubject(bound), isNull(otpCodes.closedAt)));
    const [row] = await tx
      .insert(otpCodes)
      .values({
        purpose: bound.purpose,
        subjectId: bound.subjectId,
        clientId: input.clientId,
        codeHash: hashOtpCode(config, bound.scope, code),
        expiresAt,
        createdAt: now,
      })
      .returning({ id: otpCodes.id });
    if (!row) throw new Error('the code was not stored');
    return row.id;
  });
  try {
    await sms.send({ to: input.phoneInternational, body: input.smsBody(code) });
  } catch {
    await db.update(otpCodes).set({ closedAt: new Date(), closedReason: 'send_failed' }).where(eq(otpCodes.id, id));
    throw new AppError('We could not send the code by SMS. Please try again.', {
      status: 502,
      type: ErrorType.OPTSendFailed,
    });
  }
  return { expiresAt, attemptsAllowed: OTP_MAX_ATTEMPTS };
}

/**
 * Spends the newest open code of the subject: a code sent for another subject or scope never
 * matches. Wrong tries burn it as they burn sign-in codes (spendCode: compared and counted in one
 * statement); a burnt newest code answers "too many tries"; without a code, `missing`.
 */
export async function verifyBoundCode(deps: BoundCodeDeps, bound: BoundCode, code: string, missing: string) {
  const [open] = await deps.db
    .select()
    .from(otpCodes)
    .where(and(forSubject(bound), openOrBurned))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!open) {
    throw new AppError(missing, { status: 400, type: ErrorType.InvalidOTPCode, additionalInfo: { attemptsLeft: 0 } });
  }
  await spendCode(deps.db, open, hashOtpCode(deps.config, bound.scope, code));
}
