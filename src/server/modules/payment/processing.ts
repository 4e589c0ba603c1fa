import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PaymentPurpose, PaymentStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { isFinal } from '../../../domain/lifecycles/lifecycle';
import { paymentLifecycle } from '../../../domain/lifecycles/payment';
import type { DbOrTx } from '../../db/client';
import { isGatewayRefusal, type TransactionData } from '../../integrations/paystack/client';
import { recordPaymentError } from './payment-errors';
import { requestRefund } from './refunds';
import { type CardAuthorization, type PaymentRow, payments, savedCards } from './tables';

/**
 * Thrown by a success handler when the payment must not give value (the order's total changed,
 * the order is someone else's…): its work is rolled back, the payment is put aside as
 * `processing` and the problem goes on record for staff. Any other error rolls everything back
 * so the payment stays pending and is tried again.
 */
export class NoValueError extends Error {
  constructor(
    readonly type: ErrorType,
    message: string,
    readonly details?: { expectedAmount?: number; paidAmount?: number },
  ) {
    super(message);
    this.name = 'NoValueError';
  }
}

/**
 * Thrown by a success handler when what the payment was for no longer wants money: the order was
 * already paid (from the wallet, by another card, in cash) or closed. Its work is rolled back,
 * the payment is marked `reversed` with its refund due, and the money goes back to the card
 * automatically (refunds.ts). An order is paid once.
 */
export class RefundDueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundDueError';
  }
}

/** An abandoned checkout may still be completed (Paystack lets the holder retry); after this it is given up. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;
/** After this many failed attempts to reach the gateway about one payment, staff are told. */
export const UNREACHABLE_REPORT_AFTER = 5;

/** A reference the gateway still does not know after this long is closed as failed. */
export const UNKNOWN_TO_GATEWAY_AFTER_MS = 10 * 60 * 1000;

/** `refunded`: the card was charged for something already paid or closed; the money is going back. */
export type VerifyOutcome = 'success' | 'pending' | 'failed' | 'mismatch' | 'unreachable' | 'refunded';

export type VerifyResult = { outcome: VerifyOutcome; payment: PaymentRow; gatewayStatus: string | null };

function toAuthorization(data: TransactionData): CardAuthorization | null {
  const a = data.authorization;
  if (!a || data.channel !== 'card' || !a.authorization_code) return null;
  return {
    authorizationCode: a.authorization_code,
    bin: a.bin,
    last4: a.last4,
    expMonth: a.exp_month,
    expYear: a.exp_year,
    ...(a.card_type ? { cardType: a.card_type.trim() } : {}),
    ...(a.bank ? { bank: a.bank } : {}),
    ...(a.signature ? { signature: a.signature } : {}),
    reusable: a.reusable === true,
  };
}

async function reload(db: DbOrTx, id: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new AppError('Payment not found', { status: 404, type: ErrorType.NotFound });
  return row;
}

/**
 * Puts a payment aside for staff: `processing` (with what the gateway said), so its value is never
 * given automatically, and the problem on record with the amounts expected and paid.
 */
async function setAside(
  tx: DbOrTx,
  payment: PaymentRow,
  reported: Partial<typeof payments.$inferInsert> & { gatewayResponse: string },
  problem: { type: ErrorType; message: string; expectedAmount: number; paidAmount: number },
): Promise<void> {
  await tx
    .update(payments)
    .set({ status: PaymentStatus.Processing, ...reported })
    .where(eq(payments.id, payment.id));
  await recordPaymentError(tx, {
    reference: payment.reference,
    paymentId: payment.id,
    clientId: payment.clientId,
    ...problem,
  });
}

/**
 * Gives the value of a payment Paystack reported as successful, exactly once: under a lock on the
 * payment row, the amount is checked, the payment marked success and the purpose's handler run,
 * all in one transaction that also stamps `valueGivenAt`.
 */
export async function applySuccess(
  app: FastifyInstance,
  paymentId: string,
  data: TransactionData,
): Promise<VerifyResult> {
  let outcome: VerifyOutcome = 'success';
  await app.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new AppError('Payment not found', { status: 404, type: ErrorType.NotFound });
    if (payment.valueGivenAt) return;
    if (payment.refundState) {
      // Decided before (a redelivered webhook, a second verify): the refund is never asked twice.
      outcome = 'refunded';
      return;
    }
    if (payment.status === PaymentStatus.Processing) {
      // Already set aside for staff (amount mismatch): never give value automatically.
      outcome = 'mismatch';
      return;
    }
    const paidAt = data.paid_at ? new Date(data.paid_at) : new Date();
    if (data.amount !== payment.amount || data.currency !== 'NGN') {
      outcome = 'mismatch';
      await setAside(
        tx,
        payment,
        {
          paidAmount: data.amount,
          paidAt,
          channel: data.channel,
          gatewayResponse: 'Paid amount does not match',
          lastCheckedAt: new Date(),
        },
        {
          type: ErrorType.PaidAmountNotMatch,
          message: `Paystack reports ${data.amount} ${data.currency} paid for a payment of ${payment.amount} NGN`,
          expectedAmount: payment.amount,
          paidAmount: data.amount,
        },
      );
      return;
    }
    const authorization = toAuthorization(data);
    const [succeeded] = await tx
      .update(payments)
      .set({
        status: PaymentStatus.Success,
        paidAmount: data.amount,
        paidAt,
        channel: data.channel,
        gatewayResponse: data.gateway_response,
        authorization,
        step: 'UpdatePayment',
        lastCheckedAt: new Date(),
      })
      .where(eq(payments.id, payment.id))
      .returning();
    if (!succeeded) throw new AppError('Payment not found', { status: 404, type: ErrorType.NotFound });
    const handler = app.paymentHandlers.succeeded[payment.purpose];
    if (!handler) {
      throw new AppError(`No handler gives value for ${payment.purpose} payments`, {
        type: ErrorType.OrderPaymentError,
      });
    }
    try {
      // A savepoint: a handler refusing value undoes only its own work.
      await tx.transaction(async (sp) => handler(sp, succeeded));
    } catch (err) {
      if (err instanceof RefundDueError) {
        outcome = 'refunded';
        await tx
          .update(payments)
          .set({
            status: PaymentStatus.Reversed,
            gatewayResponse: err.message,
            cardOffer: 'none',
            refundState: 'due',
            refundAmount: data.amount,
            refundReason: err.message,
          })
          .where(eq(payments.id, payment.id));
        return;
      }
      if (!(err instanceof NoValueError)) throw err;
      outcome = 'mismatch';
      await setAside(
        tx,
        payment,
        { gatewayResponse: err.message },
        {
          type: err.type,
          message: err.message,
          expectedAmount: err.details?.expectedAmount ?? payment.amount,
          paidAmount: err.details?.paidAmount ?? data.amount,
        },
      );
      return;
    }
    const offer = authorization?.reusable ? await cardOfferFor(tx, payment.clientId, authorization) : 'none';
    await tx
      .update(payments)
      .set({ valueGivenAt: new Date(), step: 'AllDDbUpdated', cardOffer: offer })
      .where(eq(payments.id, payment.id));
  });
  // (The callback assigns `outcome`; the cast stops TypeScript narrowing it to its first value.)
  if ((outcome as VerifyOutcome) === 'refunded') {
    // After the commit: the decision is on record before Paystack is asked, so a crash here
    // leaves a `due` refund that reconciliation asks for.
    const after = await requestRefund(app, paymentId);
    if (after) return { outcome, payment: after, gatewayStatus: data.status };
  }
  const payment = await reload(app.db, paymentId);
  // After the commit: a paid home delivery joins its center's dispatch board now.
  if ((outcome as VerifyOutcome) === 'success' && payment.purpose === PaymentPurpose.OrderPayment && payment.orderId) {
    app.deliveryNotices?.orderPaid({ orderId: payment.orderId });
  }
  return { outcome, payment, gatewayStatus: data.status };
}

/**
 * Offer to keep the card only to a client who keeps none: once a card is saved the question is
 * never asked again (a client who wants another card can still pay with it in the checkout).
 */
async function cardOfferFor(tx: DbOrTx, clientId: string, _card: CardAuthorization): Promise<'offered' | 'none'> {
  const [saved] = await tx.select({ id: savedCards.id }).from(savedCards).where(eq(savedCards.clientId, clientId));
  return saved ? 'none' : 'offered';
}

/**
 * Asks Paystack where a payment stands and applies the answer. Never throws for the gateway
 * being down: the payment simply stays pending for reconciliation (`unreachable`).
 * `claimedSuccess`: a webhook said charge.success; if the gateway disagrees staff are told.
 */
export async function verifyPayment(
  app: FastifyInstance,
  payment: PaymentRow,
  options: { claimedSuccess?: boolean } = {},
): Promise<VerifyResult> {
  if (payment.refundState) {
    // Its success was already turned into a refund; only a refund still `due` needs asking again.
    const after = payment.refundState === 'due' ? await requestRefund(app, payment.id) : undefined;
    return { outcome: 'refunded', payment: after ?? payment, gatewayStatus: null };
  }
  if (payment.valueGivenAt || payment.status === PaymentStatus.Processing) {
    return {
      outcome: payment.status === PaymentStatus.Processing ? 'mismatch' : 'success',
      payment,
      gatewayStatus: null,
    };
  }
  let data: TransactionData;
  try {
    data = await app.paystack.verifyTransaction(payment.reference);
  } catch (err) {
    if (isGatewayRefusal(err) && Date.now() - payment.createdAt.getTime() > UNKNOWN_TO_GATEWAY_AFTER_MS) {
      // Paystack does not know the reference (never initialized, or the sandbox forgot it): nobody can pay it.
      const [closed] = await app.db
        .update(payments)
        .set({ status: PaymentStatus.Failed, gatewayResponse: 'Unknown to the gateway', lastCheckedAt: new Date() })
        .where(and(eq(payments.id, payment.id), sql`${payments.valueGivenAt} is null`))
        .returning();
      return { outcome: 'failed', payment: closed ?? (await reload(app.db, payment.id)), gatewayStatus: null };
    }
    const [counted] = await app.db
      .update(payments)
      .set({ lastCheckedAt: new Date(), checkAttempts: sql`${payments.checkAttempts} + 1` })
      .where(eq(payments.id, payment.id))
      .returning();
    const attempts = counted?.checkAttempts ?? payment.checkAttempts + 1;
    if (options.claimedSuccess || attempts === UNREACHABLE_REPORT_AFTER) {
      await recordPaymentError(app.db, {
        reference: payment.reference,
        type: ErrorType.CantVerifyOrderPayment,
        message: `The payment could not be verified with Paystack: ${err instanceof Error ? err.message : String(err)}`,
        paymentId: payment.id,
        clientId: payment.clientId,
        expectedAmount: payment.amount,
      });
    }
    app.log.warn({ err, reference: payment.reference }, 'payment verification failed; it stays pending');
    return { outcome: 'unreachable', payment: counted ?? payment, gatewayStatus: null };
  }
  if (data.reference !== payment.reference) {
    await recordPaymentError(app.db, {
      reference: payment.reference,
      type: ErrorType.CantVerifyOrderPayment,
      message: `Paystack answered for reference ${data.reference}`,
      paymentId: payment.id,
      clientId: payment.clientId,
    });
    return { outcome: 'unreachable', payment, gatewayStatus: null };
  }
  if (data.status === 'success') return applySuccess(app, payment.id, data);

  if (options.claimedSuccess) {
    await recordPaymentError(app.db, {
      reference: payment.reference,
      type: ErrorType.CantVerifyOrderPayment,
      message: `A webhook reported success but Paystack says ${data.status}`,
      paymentId: payment.id,
      clientId: payment.clientId,
      expectedAmount: payment.amount,
      paidAmount: data.amount,
    });
  }
  const old = Date.now() - payment.createdAt.getTime() > ABANDON_AFTER_MS;
  const status =
    // A checkout closed because the order was paid another way stays closed (it is still watched
    // for a late success, which is refunded).
    payment.closedAt !== null
      ? PaymentStatus.Abandoned
      : data.status === 'failed'
        ? PaymentStatus.Failed
        : data.status === 'reversed'
          ? PaymentStatus.Reversed
          : data.status === 'abandoned' && old
            ? PaymentStatus.Abandoned
            : PaymentStatus.Pending;
  const [updated] = await app.db
    .update(payments)
    .set({
      status,
      gatewayResponse: data.gateway_response,
      lastCheckedAt: new Date(),
      checkAttempts: sql`${payments.checkAttempts} + 1`,
    })
    // Never overwrite a success that another request applied meanwhile.
    .where(
      and(eq(payments.id, payment.id), sql`${payments.valueGivenAt} is null`, sql`${payments.status} <> 'success'`),
    )
    .returning();
  const current = updated ?? (await reload(app.db, payment.id));
  const outcome: VerifyOutcome =
    current.valueGivenAt !== null ? 'success' : status === PaymentStatus.Pending ? 'pending' : 'failed';
  return { outcome, payment: current, gatewayStatus: data.status };
}

/** Verifies unless the payment is already settled; for read paths that want a fresh answer. */
export async function refreshPayment(app: FastifyInstance, payment: PaymentRow): Promise<PaymentRow> {
  if (isFinal(paymentLifecycle, payment.status) || payment.valueGivenAt) return payment;
  if (payment.gateway !== 'Paystack' || !payment.accessCode) return payment;
  return (await verifyPayment(app, payment)).payment;
}

/** For other areas: verify the payment with this reference (null when it is not ours). */
export async function verifyPaymentByReference(app: FastifyInstance, reference: string): Promise<VerifyResult | null> {
  const [payment] = await app.db.select().from(payments).where(eq(payments.reference, reference));
  return payment ? verifyPayment(app, payment) : null;
}
