import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { OTP_EXPIRY_MS } from '../../../domain/constants';
import { AppError, ErrorType } from '../../../domain/errors';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { SmsProvider } from '../../integrations/sms/sms-provider';
import { HANDOVER_CODE_SENDS_PER_ORDER, OTP_MAX_ATTEMPTS, OTP_SENDS_WINDOW_MS } from './limits';
import { generateOtpCode, hashOtpCode, spendCode } from './otp-service';
import { otpCodes } from './tables';

// Hand-over codes: a one-time code texted to an order's owner so the counter can hand the order
// over when the owner's phone has no data (pickup module, README). They are sign-in codes in all
// but purpose: the same table, generator, keyed hash, expiry, wrong-try count and single use
// (spendCode). What differs: the code is bound to one order (its row names the order, and the
// order's id is in the hash), and sending is limited per order instead of per address.

type Deps = { db: DbOrTx; config: Pick<Config, 'SESSION_SECRET'> };

const handoverHash = (config: Deps['config'], orderId: string, code: string) =>
  hashOtpCode(config, `handover:${orderId}`, code);

const forOrder = (orderId: string) => and(eq(otpCodes.purpose, 'handover'), eq(otpCodes.subjectId, orderId));

export const handoverSmsBody = (code: string, orderNumber: string) =>
  `Arrive: your hand-over code for order ${orderNumber} is ${code}. Read it out at the gas center counter only. It expires in ${OTP_EXPIRY_MS / 60_000} minutes.`;

/**
 * Texts a new hand-over code for one order to its owner's phone. An earlier open code of the
 * same order is closed ('replaced'): only the newest works. At most HANDOVER_CODE_SENDS_PER_ORDER
 * codes an hour per order; a send that fails closes its code and answers OPTSendFailed.
 */
export async function issueHandoverCode(
  deps: Deps & { sms: SmsProvider },
  input: { orderId: string; orderNumber: string; clientId: string; phoneInternational: string },
): Promise<{ expiresAt: Date; attemptsAllowed: number }> {
  const { db, config, sms } = deps;
  const now = new Date();
  const code = generateOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_EXPIRY_MS);
  const id = await db.transaction(async (tx) => {
    // One send at a time per order, so two taps cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`handover:${input.orderId}`}))`);
    const [sent] = await tx
      .select({ n: count(), oldest: sql<string | Date | null>`min(${otpCodes.createdAt})` })
      .from(otpCodes)
      .where(and(forOrder(input.orderId), gte(otpCodes.createdAt, new Date(now.getTime() - OTP_SENDS_WINDOW_MS))));
    if ((sent?.n ?? 0) >= HANDOVER_CODE_SENDS_PER_ORDER) {
      const oldest = sent?.oldest ? new Date(sent.oldest).getTime() : now.getTime();
      throw new AppError('Too many codes were sent for this order. Ask a supervisor to approve the hand-over.', {
        status: 429,
        type: ErrorType.RateLimited,
        additionalInfo: {
          scope: 'order',
          retryAfterSeconds: Math.max(1, Math.ceil((oldest + OTP_SENDS_WINDOW_MS - now.getTime()) / 1000)),
        },
      });
    }
    await tx
      .update(otpCodes)
      .set({ closedAt: now, closedReason: 'replaced' })
      .where(and(forOrder(input.orderId), isNull(otpCodes.closedAt)));
    const [row] = await tx
      .insert(otpCodes)
      .values({
        purpose: 'handover',
        subjectId: input.orderId,
        clientId: input.clientId,
        codeHash: handoverHash(config, input.orderId, code),
        expiresAt,
        createdAt: now,
      })
      .returning({ id: otpCodes.id });
    if (!row) throw new Error('the code was not stored');
    return row.id;
  });
  try {
    await sms.send({ to: input.phoneInternational, body: handoverSmsBody(code, input.orderNumber) });
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
 * Spends the newest open hand-over code of this order: a code sent for another order never
 * matches (its row and its hash name that order). Wrong tries burn it as they burn sign-in codes.
 */
export async function verifyHandoverCode(deps: Deps, orderId: string, code: string): Promise<void> {
  const [open] = await deps.db
    .select()
    .from(otpCodes)
    .where(and(forOrder(orderId), isNull(otpCodes.closedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!open) {
    throw new AppError('No hand-over code is waiting for this order; send a new one', {
      status: 400,
      type: ErrorType.InvalidOTPCode,
      additionalInfo: { attemptsLeft: 0 },
    });
  }
  await spendCode(deps.db, open, handoverHash(deps.config, orderId, code));
}
