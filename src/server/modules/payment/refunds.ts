import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PaymentStatus } from '../../../domain/enums';
import { ErrorType } from '../../../domain/errors';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import {
  isGatewayRefusal,
  type PaystackRefundStatus,
  type RefundData,
  type RefundEventData,
} from '../../integrations/paystack/client';
import { notify } from '../notification';
import { findOrderById } from '../order';
import { recordPaymentError } from './payment-errors';
import { type PaymentRow, payments, type RefundState } from './tables';

/*
 * Automatic refunds of card payments that must not give value because what they paid for was
 * already paid (or closed) when their success arrived. The decision is taken once, under the
 * payment row's lock, in applySuccess (processing.ts), which sets `refundState = 'due'`; what
 * follows here only moves that state forward.
 */

/**
 * Makes the refund of an order's successful card payment due (the order was cancelled after it
 * was paid), in the caller's transaction: the whole amount paid. Answers the payment, or null when
 * the order has no such payment or its refund was already decided. requestRefund asks Paystack.
 */
export async function makeOrderRefundDue(
  tx: DbOrTx,
  orderId: string,
  reason: string,
): Promise<{ id: string; amount: number | null } | null> {
  const [payment] = await tx
    .update(payments)
    .set({
      refundState: 'due',
      refundAmount: sql`coalesce(${payments.paidAmount}, ${payments.amount})`,
      refundReason: reason,
    })
    .where(and(eq(payments.orderId, orderId), eq(payments.status, PaymentStatus.Success), isNull(payments.refundState)))
    .returning({ id: payments.id, amount: payments.refundAmount });
  return payment ?? null;
}

/** A refund call that started this long ago and never finished may be tried again. */
const REFUND_CLAIM_MS = 2 * 60 * 1000;
/** A refund Paystack accepted is asked about again after this long without news. */
const REFUND_RECHECK_MS = 10 * 60 * 1000;

/** Later states never move back to earlier ones (a late refund.pending after refund.processed). */
const RANK: Record<RefundState, number> = {
  due: 0,
  pending: 1,
  processing: 2,
  'needs-attention': 3,
  failed: 4,
  processed: 5,
};
const SETTLED = new Set<RefundState>(['processed', 'failed']);

const isRefundStatus = (value: unknown): value is PaystackRefundStatus =>
  typeof value === 'string' && value in RANK && value !== 'due';

async function reload(app: FastifyInstance, id: string): Promise<PaymentRow | undefined> {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/**
 * Moves a payment's refund to `next` if that is forward, and puts a refund that needs a person
 * on record for staff. Answers the payment as it is afterwards.
 */
async function advanceRefund(
  app: FastifyInstance,
  payment: PaymentRow,
  next: RefundState,
  extra: { refundId?: string; refundedAt?: Date | null } = {},
): Promise<PaymentRow> {
  const allowed = (Object.keys(RANK) as RefundState[]).filter((s) => RANK[s] < RANK[next] && !SETTLED.has(s));
  const [updated] = await app.db
    .update(payments)
    .set({
      refundState: next,
      ...(extra.refundId ? { refundId: extra.refundId } : {}),
      ...(next === 'processed' ? { refundedAt: extra.refundedAt ?? new Date() } : {}),
    })
    .where(and(eq(payments.id, payment.id), inArray(payments.refundState, allowed)))
    .returning();
  if (updated && next === 'processed' && updated.clientId) {
    // Right after the state committed (the key makes a repeated webhook add nothing).
    const order = updated.orderId ? await findOrderById(app.db, updated.orderId) : null;
    await notify(app.db, {
      kind: NotificationKind.Refund,
      clientId: updated.clientId,
      key: `refund:${updated.id}`,
      data: {
        amount: updated.refundAmount ?? updated.paidAmount ?? updated.amount,
        orderNumber: order?.orderNumber ?? null,
        reference: updated.reference,
      },
    }).catch((err) => app.log.error({ err, reference: updated.reference }, 'the refund notification was not queued'));
  }
  if (updated && (next === 'failed' || next === 'needs-attention')) {
    await recordPaymentError(app.db, {
      reference: payment.reference,
      type: ErrorType.OrderPaymentError,
      message: `The automatic refund of this duplicate card payment is ${next} at Paystack; refund the client by hand`,
      paymentId: payment.id,
      clientId: payment.clientId,
      paidAmount: payment.refundAmount ?? payment.paidAmount,
      details: { refundId: payment.refundId ?? extra.refundId ?? null, refundState: next },
    });
  }
  return updated ?? (await reload(app, payment.id)) ?? payment;
}

const refundIdOf = (data: RefundData) => String(data.id);

/**
 * Asks Paystack to refund a payment whose refund is `due`. Only one caller at a time makes the
 * call (a claim on `refundRequestedAt`); Paystack itself also refuses to refund a transaction
 * beyond its amount. Never throws for the gateway: a refund that could not be asked for stays
 * `due` and reconciliation asks again.
 */
export async function requestRefund(app: FastifyInstance, paymentId: string): Promise<PaymentRow | undefined> {
  const [claimed] = await app.db
    .update(payments)
    .set({ refundRequestedAt: new Date() })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.refundState, 'due'),
        or(isNull(payments.refundRequestedAt), lt(payments.refundRequestedAt, new Date(Date.now() - REFUND_CLAIM_MS))),
      ),
    )
    .returning();
  if (!claimed) return reload(app, paymentId);
  const paystack = app.paystack;
  try {
    const data = await paystack.createRefund({
      transaction: claimed.reference,
      ...(claimed.refundAmount ? { amount: claimed.refundAmount } : {}),
      customer_note: claimed.refundReason ?? 'Duplicate payment refunded',
      merchant_note: `Automatic refund of ${claimed.paymentNumber}: ${claimed.refundReason ?? 'duplicate payment'}`,
    });
    const state: RefundState = isRefundStatus(data.status) ? data.status : 'pending';
    return advanceRefund(app, claimed, state, { refundId: refundIdOf(data) });
  } catch (err) {
    if (isGatewayRefusal(err)) {
      // Refused: perhaps an earlier call went through and its answer was lost. The transaction says.
      try {
        const txn = await paystack.verifyTransaction(claimed.reference);
        if (txn.status === 'reversed') return advanceRefund(app, claimed, 'processed');
      } catch {
        // Fall through: a person looks at it.
      }
      app.log.error({ err, reference: claimed.reference }, 'Paystack refused the automatic refund');
      return advanceRefund(app, claimed, 'failed');
    }
    // Unknown whether it reached Paystack: release the claim; the next round asks again, and a
    // second refund of the same transaction is refused by Paystack (handled above).
    await app.db.update(payments).set({ refundRequestedAt: null }).where(eq(payments.id, paymentId));
    app.log.warn({ err, reference: claimed.reference }, 'the automatic refund could not be asked for yet');
    return reload(app, paymentId);
  }
}

/**
 * A refund.* webhook (its signature already checked): moves the payment's refund forward. The
 * event only reports on money going back, so it is trusted as such; nothing is given for it.
 */
export async function applyRefundEvent(app: FastifyInstance, event: string, data: unknown): Promise<string> {
  const d = (typeof data === 'object' && data !== null ? data : {}) as Partial<RefundEventData>;
  const status = event.slice('refund.'.length);
  const reference = typeof d.transaction_reference === 'string' ? d.transaction_reference : null;
  if (!reference || !isRefundStatus(status)) return `Ignored ${event}`;
  const [payment] = await app.db.select().from(payments).where(eq(payments.reference, reference));
  if (!payment?.refundState) {
    // A refund made by hand in Paystack's dashboard: staff know about it already.
    app.log.info({ reference, event }, 'a refund event for a payment without an automatic refund');
    return 'Refund not ours';
  }
  const refundId = d.id !== undefined && d.id !== null ? String(d.id) : undefined;
  const after = await advanceRefund(app, payment, status, refundId ? { refundId } : {});
  return `Refund ${after.refundState}`;
}

/**
 * For reconciliation: asks again for refunds still `due` (gateway down before), and asks
 * Paystack about accepted refunds that have not been heard of for a while (a lost webhook).
 */
export async function reconcileRefunds(
  app: FastifyInstance,
  options: { force?: boolean; now?: Date } = {},
): Promise<{ requested: number; rechecked: number }> {
  const now = options.now ?? new Date();
  const due = await app.db.select({ id: payments.id }).from(payments).where(eq(payments.refundState, 'due')).limit(50);
  for (const row of due) await requestRefund(app, row.id);

  const open = await app.db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.refundState, ['pending', 'processing']),
        sql`${payments.refundId} is not null`,
        options.force ? undefined : lt(payments.updatedAt, new Date(now.getTime() - REFUND_RECHECK_MS)),
      ),
    )
    .limit(50);
  let rechecked = 0;
  for (const payment of open) {
    try {
      const data = await app.paystack.fetchRefund(payment.refundId ?? '');
      if (isRefundStatus(data.status)) {
        await advanceRefund(
          app,
          payment,
          data.status,
          data.refunded_at ? { refundedAt: new Date(data.refunded_at) } : {},
        );
      }
      rechecked += 1;
    } catch (err) {
      app.log.warn({ err, reference: payment.reference }, 'a refund could not be checked');
    }
  }
  return { requested: due.length, rechecked };
}
