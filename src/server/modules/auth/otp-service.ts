import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, gt, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { OTP_EXPIRY_MS, OTP_LENGTH } from '../../../domain/constants';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { lockClient } from '../client';
import {
  OTP_MAX_ATTEMPTS,
  OTP_SENDS_PER_ADDRESS,
  OTP_SENDS_PER_ADDRESS_PER_PHONE,
  OTP_SENDS_PER_PHONE,
  OTP_SENDS_WINDOW_MS,
} from './limits';
import type { PendingVerification } from './pending-verification';
import { authSessions, type OtpCodeRow, otpCodes } from './tables';

type Secret = Pick<Config, 'SESSION_SECRET'>;

/** Sign-in codes only: hand-over codes (handover-code.ts) share the table, never these limits or checks. */
const signIn = eq(otpCodes.purpose, 'signin');

/** Six digits from the operating system's CSPRNG, leading zeros kept. */
export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * Keyed and bound to the client: a copy of the table alone does not let anyone try the million
 * codes offline, and one client's hash says nothing about another's.
 */
export function hashOtpCode(config: Secret, clientId: string, code: string): string {
  return createHmac('sha256', config.SESSION_SECRET).update(`otp:${clientId}:${code}`).digest('hex');
}

/**
 * The first line is for people; the last (`@host #code`) lets the browser offer the code to the
 * page on that host alone (WebOTP and iOS/Android one-time-code autofill).
 */
export const otpSmsBody = (code: string, publicUrl: string) =>
  `Your Arrive code is ${code}. It expires in ${OTP_EXPIRY_MS / 60_000} minutes. Do not share it with anyone.\n\n@${new URL(publicUrl).hostname} #${code}`;

type LimitScope = 'phone' | 'address' | 'address-phone';

function rateLimited(message: string, retryAfterSeconds: number, scope: LimitScope): AppError {
  return new AppError(message, {
    status: 429,
    type: ErrorType.RateLimited,
    additionalInfo: { scope, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });
}

const timeOf = (value: string | Date | null | undefined, fallback: number) =>
  value ? new Date(value).getTime() : fallback;

export type IssueOtpInput = {
  clientId: string;
  /** International form (234…), as the SMS provider wants it. */
  phoneInternational: string;
  requestIp: string;
  /** The sign-in this browser had in progress (its pending cookie): the new code replaces it. */
  replaces?: PendingVerification | null;
};

/**
 * Starts a sign-in attempt: checks the send limits, closes the attempt this browser had in
 * progress (and no one else's), stores the new code's hash, then sends it. The attempt's id is
 * the code's row id. A send that fails closes the code again and answers OPTSendFailed.
 */
export async function issueOtp(
  deps: { db: DbOrTx; config: Secret & Pick<Config, 'publicUrl'>; sms: SmsProvider; log: FastifyBaseLogger },
  input: IssueOtpInput,
): Promise<{ attemptId: string; expiresAt: Date }> {
  const { db, config, sms } = deps;
  const now = new Date();
  const code = generateOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_EXPIRY_MS);
  const since = new Date(now.getTime() - OTP_SENDS_WINDOW_MS);
  const retryAfter = (oldest: number) => (oldest + OTP_SENDS_WINDOW_MS - now.getTime()) / 1000;

  const attemptId = await db.transaction(async (tx) => {
    // One send at a time per client, so simultaneous requests cannot all pass the same count.
    await lockClient(tx, input.clientId);

    const fromHere = sql`${otpCodes.requestIp} = ${input.requestIp}`;
    const [phone] = await tx
      .select({
        all: count(),
        oldest: sql<string | Date | null>`min(${otpCodes.createdAt})`,
        fromHere: sql<number>`(count(*) filter (where ${fromHere}))::int`,
        oldestFromHere: sql<string | Date | null>`min(${otpCodes.createdAt}) filter (where ${fromHere})`,
      })
      .from(otpCodes)
      .where(and(signIn, eq(otpCodes.clientId, input.clientId), gte(otpCodes.createdAt, since)));
    if (Number(phone?.fromHere ?? 0) >= OTP_SENDS_PER_ADDRESS_PER_PHONE) {
      throw rateLimited(
        'Too many codes were sent to this number from this network. Please wait a while before asking again.',
        retryAfter(timeOf(phone?.oldestFromHere, now.getTime())),
        'address-phone',
      );
    }
    const [address] = await tx
      .select({ n: count(), oldest: sql<string | Date | null>`min(${otpCodes.createdAt})` })
      .from(otpCodes)
      .where(and(signIn, eq(otpCodes.requestIp, input.requestIp), gte(otpCodes.createdAt, since)));
    if ((address?.n ?? 0) >= OTP_SENDS_PER_ADDRESS) {
      throw rateLimited(
        'Too many codes were requested from this network. Please try again later.',
        retryAfter(timeOf(address?.oldest, now.getTime())),
        'address',
      );
    }
    if ((phone?.all ?? 0) >= OTP_SENDS_PER_PHONE) {
      throw rateLimited(
        'Too many codes were sent to this number. Please wait a while before asking again.',
        retryAfter(timeOf(phone?.oldest, now.getTime())),
        'phone',
      );
    }

    if (input.replaces) {
      await tx
        .update(otpCodes)
        .set({ closedAt: now, closedReason: 'replaced' })
        .where(
          and(
            eq(otpCodes.id, input.replaces.attemptId),
            eq(otpCodes.clientId, input.replaces.clientId),
            isNull(otpCodes.closedAt),
          ),
        );
    }
    const [row] = await tx
      .insert(otpCodes)
      .values({
        clientId: input.clientId,
        codeHash: hashOtpCode(config, input.clientId, code),
        expiresAt,
        requestIp: input.requestIp,
        createdAt: now,
      })
      .returning({ id: otpCodes.id });
    if (!row) throw new Error('the code was not stored');
    return row.id;
  });

  try {
    await sms.send({ to: input.phoneInternational, body: otpSmsBody(code, config.publicUrl) });
  } catch {
    // The provider already logged what it may (never the code); the code must not linger unused.
    await db
      .update(otpCodes)
      .set({ closedAt: new Date(), closedReason: 'send_failed' })
      .where(eq(otpCodes.id, attemptId));
    throw new AppError('We could not send the code by SMS. Please try again.', {
      status: 502,
      type: ErrorType.OPTSendFailed,
    });
  }
  return { attemptId, expiresAt };
}

const invalidCode = (attemptsLeft: number) =>
  new AppError('The code is not correct', {
    status: 400,
    type: ErrorType.InvalidOTPCode,
    additionalInfo: { attemptsLeft, reason: 'WrongCode' },
  });

/**
 * The codes a guess is still answered about: open ones, and burnt ones (answered "too many
 * tries", never compared). Used, replaced and unsent codes are as good as absent.
 */
export const openOrBurned = or(isNull(otpCodes.closedAt), eq(otpCodes.closedReason, 'burned'));

/** A code its wrong tries burnt: refused without being compared (the right code too). */
const tooManyTries = () =>
  new AppError('Too many wrong tries: this code no longer works. Ask for a new one.', {
    status: 400,
    type: ErrorType.InvalidOTPCode,
    additionalInfo: { attemptsLeft: 0, reason: 'TooManyTries' },
  });

/**
 * Checks a code against the code of one sign-in attempt, the one the caller's pending cookie
 * names: nobody else's code or counter is read or written. See spendCode for the counting.
 */
export async function verifyOtp(
  deps: { db: DbOrTx; config: Secret },
  attempt: PendingVerification,
  code: string,
): Promise<void> {
  const { db, config } = deps;
  const [open] = await db
    .select()
    .from(otpCodes)
    .where(and(signIn, eq(otpCodes.id, attempt.attemptId), eq(otpCodes.clientId, attempt.clientId), openOrBurned));
  if (!open) {
    throw new AppError('No code is waiting for this sign-in; ask for a new one', {
      status: 400,
      type: ErrorType.InvalidOTPCode,
      additionalInfo: { attemptsLeft: 0 },
    });
  }
  await spendCode(db, open, hashOtpCode(config, attempt.clientId, code));
}

/**
 * Spends one code row with a presented code (as its hash). Every code with a wrong-try limit —
 * sign-in, hand-over, wallet sale — goes through here.
 *
 * The comparison and the count are one UPDATE: it matches only a code still open, unexpired and
 * under OTP_MAX_ATTEMPTS, and in the same statement either closes it as used (right code) or
 * counts the wrong try (burning it at the limit). PostgreSQL takes the row's lock for the UPDATE
 * and re-checks the WHERE against the row as the previous guess left it, so however many guesses
 * arrive at once on however many connections, at most OTP_MAX_ATTEMPTS are ever compared and a
 * right code after them is refused. `open` is only what the caller read earlier: nothing is
 * decided from it but an already burnt code.
 *
 * The hashes are compared by the database rather than in constant time: they are HMACs under the
 * server's secret, so how much of one matches tells a guesser nothing about the code.
 */
export async function spendCode(db: DbOrTx, open: OtpCodeRow, givenHash: string): Promise<void> {
  if (open.closedReason === 'burned') throw tooManyTries();
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const right = sql`${otpCodes.codeHash} = ${givenHash}`;
  const burns = sql`${otpCodes.attempts} + 1 >= ${OTP_MAX_ATTEMPTS}`;
  const [spent] = await db
    .update(otpCodes)
    .set({
      attempts: sql`case when ${right} then ${otpCodes.attempts} else ${otpCodes.attempts} + 1 end`,
      closedAt: sql`case when ${right} or ${burns} then ${at} end`,
      closedReason: sql`case when ${right} then 'used' when ${burns} then 'burned' end`,
    })
    .where(
      and(
        eq(otpCodes.id, open.id),
        isNull(otpCodes.closedAt),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
        gt(otpCodes.expiresAt, now),
      ),
    )
    .returning({ attempts: otpCodes.attempts, closedReason: otpCodes.closedReason });
  if (spent?.closedReason === 'used') return;
  if (spent) throw invalidCode(Math.max(0, OTP_MAX_ATTEMPTS - spent.attempts));

  // Not compared: say why, from the row as it is now.
  const [row] = await db
    .select({ closedAt: otpCodes.closedAt, closedReason: otpCodes.closedReason, expiresAt: otpCodes.expiresAt })
    .from(otpCodes)
    .where(eq(otpCodes.id, open.id));
  if (row?.closedReason === 'burned') throw tooManyTries();
  if (row && !row.closedAt && row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('The code has expired; ask for a new one', { status: 400, type: ErrorType.OTPExpired });
  }
  throw new AppError('This code can no longer be used; ask for a new one', {
    status: 400,
    type: ErrorType.InvalidOTPCode,
    additionalInfo: { attemptsLeft: 0, reason: 'CodeClosed' },
  });
}

/** Codes older than a day (every limit window is shorter) and sessions dead for a week. */
export async function sweepAuthRows(db: DbOrTx, now = new Date()): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  await db.delete(otpCodes).where(lt(otpCodes.createdAt, new Date(now.getTime() - day)));
  const weekAgo = new Date(now.getTime() - 7 * day);
  await db
    .delete(authSessions)
    .where(
      or(
        lt(authSessions.expiresAt, weekAgo),
        and(isNotNull(authSessions.revokedAt), lt(authSessions.revokedAt, weekAgo)),
      ),
    );
}
