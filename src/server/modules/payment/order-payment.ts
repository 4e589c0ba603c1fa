import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OrderStatus, PaymentGateway, PaymentPurpose, PaymentStatus, PaymentType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { canTransition, previousStates } from '../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../domain/lifecycles/order';
import { paymentLifecycle } from '../../../domain/lifecycles/payment';
import type { CheckoutDetails, PaymentView } from '../../../domain/schemas/payment';
import type { DbOrTx } from '../../db/client';
import { statement, value } from '../../db/statement';
import { isGatewayRefusal } from '../../integrations/paystack/client';
import { newPaymentNumber, newProviderReference } from '../../lib/references';
import { findOrderById, markOrderPaid, type OrderRow, requireClientOrder } from '../order';
import { applySuccess, NoValueError, RefundDueError, verifyPayment } from './processing';
import { initiatePayment, paymentEmailOf } from './service';
import { type PaymentRow, payments, savedCards } from './tables';
import { toPaymentView } from './view';

/** A pending checkout younger than this is handed out again instead of starting another. */
const REUSE_CHECKOUT_MS = 12 * 60 * 60 * 1000;

/** Gives value for an order payment: the order becomes Paid (Electronic), once. */
export async function giveOrderValue(tx: DbOrTx, payment: PaymentRow): Promise<void> {
  if (!payment.orderId) throw new NoValueError(ErrorType.OrderPaymentError, 'An order payment without an order');
  const order = await findOrderById(tx, payment.orderId, { lock: true });
  if (!order || order.clientId !== payment.clientId) {
    throw new NoValueError(ErrorType.OrderPaymentError, 'The paid order does not belong to the payer');
  }
  if (order.total !== payment.amount) {
    throw new NoValueError(
      ErrorType.AmountNotMatch,
      `The order total (${order.total}) is not the amount paid (${payment.amount})`,
      { expectedAmount: order.total, paidAmount: payment.amount },
    );
  }
  const changed = await markOrderPaid(tx, order.id, PaymentType.Electronic, { paymentNumber: payment.paymentNumber });
  if (!changed) {
    // The money is in but the order was already paid (or cancelled): it goes back to the card.
    const how = order.status === OrderStatus.Paid && order.paymentType ? ` (${order.paymentType})` : '';
    throw new RefundDueError(
      `Order ${order.orderNumber} was already ${order.status}${how}: this card payment is refunded`,
    );
  }
}

/** Card payments of an order that may still turn into a success (pending, ongoing, queued, failed, abandoned). */
const OPEN_CARD_STATUSES = previousStates(paymentLifecycle, PaymentStatus.Success);

/**
 * closeOpenCheckouts as the body of a CTE, for a statement that pays the order `orderId` names
 * another way: it locks and closes the open card checkouts (`returning id`). Put it before the
 * order's own update in that statement, so the payments are locked before the order as on the
 * card path. Values: closeReason.
 */
export const closeOpenCheckoutsSql = (orderId: SQLWrapper) => sql`update ${payments}
    set status = ${PaymentStatus.Abandoned}, closed_at = now(), gateway_response = ${value('closeReason')}
    where order_id = ${orderId} and purpose = ${PaymentPurpose.OrderPayment}
      and status in (${sql.join(
        OPEN_CARD_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      and value_given_at is null and closed_at is null
    returning id`;

/** Read (and locked) by every payment of an order, whichever way it is paid: built once (db/statement.ts). */
const openCheckoutsForUpdate = statement('payment_open_checkouts_for_update', (db) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, sql.placeholder('orderId')),
        eq(payments.purpose, PaymentPurpose.OrderPayment),
        inArray(payments.status, OPEN_CARD_STATUSES),
        isNull(payments.valueGivenAt),
        isNull(payments.closedAt),
      ),
    )
    .orderBy(asc(payments.id))
    .for('update'),
);

/**
 * For a payment of the order by another way (the wallet), inside its transaction and BEFORE the
 * order row is locked (the card path locks payment then order; this keeps the same order): locks
 * and closes the order's open card checkouts. Paystack cannot cancel a checkout, so a closed one
 * is still watched, and a success that still arrives for it is refunded (RefundDueError).
 * A card success that got there first holds the lock; once it commits, the order is Paid and the
 * caller's own markOrderPaid refuses.
 */
export async function closeOpenCheckouts(tx: DbOrTx, orderId: string, reason: string): Promise<number> {
  const open = await openCheckoutsForUpdate.run(tx, { orderId });
  if (open.length === 0) return 0;
  const closed = await tx
    .update(payments)
    .set({ status: PaymentStatus.Abandoned, closedAt: new Date(), gatewayResponse: reason })
    .where(
      and(
        inArray(
          payments.id,
          open.map((p) => p.id),
        ),
        inArray(payments.status, OPEN_CARD_STATUSES),
        isNull(payments.valueGivenAt),
      ),
    )
    .returning({ id: payments.id });
  return closed.length;
}

function assertPayable(order: OrderRow) {
  if (canTransition(orderLifecycle, order.status, OrderStatus.Paid)) return;
  const paid = order.status !== OrderStatus.Cancelled && order.status !== OrderStatus.Failed;
  throw new AppError(paid ? 'This order is already paid' : `This order is ${order.status}`, {
    status: 409,
    type: paid ? ErrorType.Conflict : ErrorType.OrderPaymentFailed,
    additionalInfo: { orderStatus: order.status },
  });
}

const checkoutOf = (payment: PaymentRow, orderNumber: string | null): CheckoutDetails => ({
  authorizationUrl: payment.authorizationUrl ?? '',
  orderNumber,
  ref: payment.reference,
  accessCode: payment.accessCode ?? '',
  purpose: payment.purpose,
  paymentNumber: payment.paymentNumber,
});

/** The order's card checkouts still open and recent enough to hand out again, newest first. */
function recentOpenCheckouts(db: DbOrTx, orderId: string) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, PaymentStatus.Pending),
        eq(payments.gateway, PaymentGateway.Paystack),
        isNotNull(payments.accessCode),
        gt(payments.createdAt, new Date(Date.now() - REUSE_CHECKOUT_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt));
}

/**
 * POST initiate/order: the checkout for an order. A still-pending checkout for the same order and
 * amount is handed out again (after asking Paystack whether it was paid meanwhile), so a retry
 * or a second tap never opens a second transaction.
 */
export async function initiateOrderPayment(
  app: FastifyInstance,
  clientId: string,
  orderNumber: string,
): Promise<CheckoutDetails> {
  let order = await requireClientOrder(app.db, clientId, orderNumber);
  assertPayable(order);
  const candidates = await recentOpenCheckouts(app.db, order.id);
  for (const candidate of candidates) {
    const { outcome, payment } = await verifyPayment(app, candidate);
    if (outcome === 'success' || outcome === 'refunded') {
      order = await requireClientOrder(app.db, clientId, orderNumber);
      assertPayable(order);
    }
    if (payment.status === PaymentStatus.Pending && payment.amount === order.total && !payment.valueGivenAt) {
      return checkoutOf(payment, order.orderNumber);
    }
  }
  const started = await initiatePayment(app, {
    clientId,
    purpose: PaymentPurpose.OrderPayment,
    amount: order.total,
    orderId: order.id,
  });
  return {
    authorizationUrl: started.authorizationUrl,
    orderNumber: order.orderNumber,
    ref: started.reference,
    accessCode: started.accessCode,
    purpose: PaymentPurpose.OrderPayment,
    paymentNumber: started.paymentNumber,
  };
}

/** The still-open checkout of an order, or null (GET pending_url/{id}). */
export async function pendingCheckout(
  app: FastifyInstance,
  clientId: string,
  orderNumber: string,
): Promise<CheckoutDetails | null> {
  const order = await requireClientOrder(app.db, clientId, orderNumber);
  if (!canTransition(orderLifecycle, order.status, OrderStatus.Paid)) return null;
  const [payment] = await recentOpenCheckouts(app.db, order.id).limit(1);
  return payment && payment.amount === order.total ? checkoutOf(payment, order.orderNumber) : null;
}

/**
 * POST paystack/send_payment: pays an order with the client's saved card (charge_authorization).
 * The payment row exists before the charge, so a timeout leaves a pending payment that
 * reconciliation settles rather than a charge nobody knows about.
 */
export async function payOrderWithSavedCard(
  app: FastifyInstance,
  clientId: string,
  orderNumber: string,
): Promise<PaymentView> {
  const order = await requireClientOrder(app.db, clientId, orderNumber);
  assertPayable(order);
  const [card] = await app.db.select().from(savedCards).where(eq(savedCards.clientId, clientId));
  if (!card) throw new AppError('No saved card', { status: 404, type: ErrorType.NotFound });
  const email = card.email || (await paymentEmailOf(app.db, clientId));
  const [payment] = await app.db
    .insert(payments)
    .values({
      paymentNumber: newPaymentNumber(),
      reference: newProviderReference(),
      purpose: PaymentPurpose.OrderPayment,
      gateway: PaymentGateway.Paystack,
      status: PaymentStatus.Pending,
      amount: order.total,
      clientId,
      orderId: order.id,
      email,
      // No checkout page: the access code marks it as known to the gateway for reconciliation.
      accessCode: 'charge_authorization',
    })
    .returning();
  if (!payment) throw new AppError('The payment could not be recorded', { type: ErrorType.OrderPaymentError });
  try {
    const data = await app.paystack.chargeAuthorization({
      email,
      amount: order.total,
      authorization_code: card.authorizationCode,
      reference: payment.reference,
      metadata: { paymentNumber: payment.paymentNumber, purpose: payment.purpose, orderId: order.id },
    });
    if (data.status === 'success') {
      const { payment: after } = await applySuccess(app, payment.id, data);
      return toPaymentView(after, order.orderNumber);
    }
    const { payment: after } = await verifyPayment(app, payment);
    return toPaymentView(after, order.orderNumber);
  } catch (err) {
    if (isGatewayRefusal(err)) {
      await app.db
        .update(payments)
        .set({ status: PaymentStatus.Failed, gatewayResponse: err instanceof Error ? err.message : 'Declined' })
        .where(eq(payments.id, payment.id));
      throw new AppError('The saved card could not be charged', {
        status: 402,
        type: ErrorType.OrderPaymentFailed,
        additionalInfo: { paymentNumber: payment.paymentNumber },
      });
    }
    if (err instanceof AppError && err.type === ErrorType.PaymentGatewayError) {
      // Whether the card was charged is unknown: keep it pending, reconciliation will tell.
      const [after] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
      if (after) return toPaymentView(after, order.orderNumber);
    }
    throw err;
  }
}
