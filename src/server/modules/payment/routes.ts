import { z } from 'zod';
import { CARD_PROVIDER_SEGMENT } from '../../../domain/constants';
import { OrderStatus, PaymentPurpose, PaymentStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  checkoutDetailsSchema,
  discardUsableResultSchema,
  initiateOrderPaymentBodySchema,
  orderPaymentStateSchema,
  paymentErrorListQuerySchema,
  paymentErrorListSchema,
  paymentErrorUpdateBodySchema,
  paymentErrorViewSchema,
  paymentListQuerySchema,
  paymentListSchema,
  paymentNumberBodySchema,
  paymentViewSchema,
  saveUsableResultSchema,
  sendPaymentBodySchema,
  usableCardSchema,
} from '../../../domain/schemas/payment';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { requireClientOrder } from '../order';
import { initiateOrderPayment, payOrderWithSavedCard, pendingCheckout } from './order-payment';
import { listPaymentErrors, updatePaymentError } from './payment-errors';
import { refreshPayment, verifyPayment } from './processing';
import {
  listClientPayments,
  listOrderPayments,
  orderNumberOf,
  requireOwnPayment,
  viewOf,
  viewsOfRows,
} from './queries';
import { startReconciliation } from './reconcile';
import { discardUsableCard, saveUsableCard, usableCard } from './saved-cards';
import type { PaymentRow } from './tables';
import walletPaymentRoutes from './wallet-routes';
import { webhookRoutes } from './webhook-routes';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });
const numberParams = z.object({ n: z.string().trim().min(1).max(64) });
/** Routes of the /api/payment area. */
const paymentRoutes = routesOf('payment', async (app, route) => {
  await app.register(webhookRoutes);
  await app.register(walletPaymentRoutes);
  // Tests drive reconciliation themselves (reconcilePayments), so a timer never races their steps.
  if (app.config.NODE_ENV !== 'test') {
    const stop = startReconciliation(app);
    app.addHook('onClose', async () => stop());
  }

  /** The number of the order a payment is for; 404 when that order is gone. */
  const requireOrderNumberOf = async (payment: PaymentRow) => {
    const orderNumber = await orderNumberOf(app.db, payment.orderId);
    if (!orderNumber) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
    return orderNumber;
  };

  app.post(
    '/initiate/order',
    route('Start (or resume) the card checkout of an order', {
      who: app.requireClient,
      idempotent: true,
      body: initiateOrderPaymentBodySchema,
      ok: checkoutDetailsSchema,
    }),
    async (request) => initiateOrderPayment(app, signedInClientId(request), request.body.orderNumber),
  );

  app.get(
    '/verify/:id',
    route('Verify a payment by its payment number (asks Paystack while it is unsettled)', {
      who: app.requireClient,
      params: idParams,
      ok: paymentViewSchema,
    }),
    async (request) => {
      const payment = await requireOwnPayment(app.db, signedInClientId(request), request.params.id);
      return viewOf(app.db, await refreshPayment(app, payment));
    },
  );

  app.get(
    '/number/:n',
    route('A payment by its payment number', { who: app.requireClient, params: numberParams, ok: paymentViewSchema }),
    async (request) => viewOf(app.db, await requireOwnPayment(app.db, signedInClientId(request), request.params.n)),
  );

  app.get(
    '/order/:id',
    route("The payments of one of the client's orders (by order number or id)", {
      who: app.requireClient,
      params: idParams,
      ok: z.array(paymentViewSchema),
    }),
    async (request) => {
      const order = await requireClientOrder(app.db, signedInClientId(request), request.params.id);
      return viewsOfRows(app.db, await listOrderPayments(app.db, order.id));
    },
  );

  app.get(
    '/',
    route("The client's payments, newest first", {
      who: app.requireClient,
      query: paymentListQuerySchema,
      ok: paymentListSchema,
    }),
    async (request) => listClientPayments(app.db, signedInClientId(request), request.query),
  );

  app.get(
    '/usable',
    route('The saved card (bin, last4, expiry), if any', { who: app.requireClient, ok: usableCardSchema }),
    async (request) => ({ card: await usableCard(app.db, signedInClientId(request)) }),
  );

  app.put(
    '/save_usable',
    route('Keep the card a successful payment used', {
      who: app.requireClient,
      body: paymentNumberBodySchema,
      ok: saveUsableResultSchema,
    }),
    async (request) => saveUsableCard(app.db, signedInClientId(request), request.body.paymentNumber),
  );

  app.put(
    '/discard_redish',
    route('Decline keeping the card a payment used', {
      who: app.requireClient,
      body: paymentNumberBodySchema,
      ok: discardUsableResultSchema,
    }),
    async (request) => discardUsableCard(app.db, signedInClientId(request), request.body.paymentNumber),
  );

  app.get(
    '/pending_url/:id',
    route('The still-open checkout of an order (by order number), or null', {
      who: app.requireClient,
      params: idParams,
      ok: checkoutDetailsSchema.nullable(),
    }),
    async (request) => pendingCheckout(app, signedInClientId(request), request.params.id),
  );

  app.post(
    `/${CARD_PROVIDER_SEGMENT}/retry_payment`,
    route('Open the checkout of an unfinished order payment again', {
      who: app.requireClient,
      idempotent: true,
      body: paymentNumberBodySchema,
      ok: checkoutDetailsSchema,
    }),
    async (request) => {
      const clientId = signedInClientId(request);
      const payment = await requireOwnPayment(app.db, clientId, request.body.paymentNumber);
      if (payment.purpose !== PaymentPurpose.OrderPayment || !payment.orderId) {
        throw new AppError('Only order payments can be retried here; start a new top-up from the wallet', {
          status: 400,
          type: ErrorType.InvalidInput,
        });
      }
      return initiateOrderPayment(app, clientId, await requireOrderNumberOf(payment));
    },
  );

  app.post(
    `/${CARD_PROVIDER_SEGMENT}/send_payment`,
    route('Pay an order with the saved card', {
      who: app.requireClient,
      idempotent: true,
      body: sendPaymentBodySchema,
      ok: paymentViewSchema,
    }),
    async (request) => payOrderWithSavedCard(app, signedInClientId(request), request.body.orderNumber),
  );

  /** Re-verifies an order's unsettled payments and answers where the order's payment stands. */
  const orderPaymentState = async (clientId: string, orderRef: string) => {
    let order = await requireClientOrder(app.db, clientId, orderRef);
    let rows = await listOrderPayments(app.db, order.id);
    if (order.status === OrderStatus.NotPaid) {
      for (const row of rows) await refreshPayment(app, row);
      order = await requireClientOrder(app.db, clientId, orderRef);
      rows = await listOrderPayments(app.db, order.id);
    }
    return {
      orderNumber: order.orderNumber,
      orderStatus: order.status,
      paymentStatus: order.paymentStatus,
      paid: order.paidAt !== null,
      payments: await viewsOfRows(app.db, rows),
    };
  };

  // By their names these are /order calls; the order area belongs to another module, so they live here.
  app.get(
    '/confirm_payment/:id',
    route('Confirm the payment of an order (by order number): verifies unsettled payments', {
      who: app.requireClient,
      params: idParams,
      ok: orderPaymentStateSchema,
    }),
    async (request) => orderPaymentState(signedInClientId(request), request.params.id),
  );

  app.get(
    '/payment_verify/:id',
    route('Verify an order payment by its payment number and answer the order state', {
      who: app.requireClient,
      params: idParams,
      ok: orderPaymentStateSchema,
    }),
    async (request) => {
      const clientId = signedInClientId(request);
      const payment = await requireOwnPayment(app.db, clientId, request.params.id);
      if (!payment.orderId)
        throw new AppError('This payment is not for an order', { status: 400, type: ErrorType.InvalidInput });
      await verifyPayment(app, payment);
      return orderPaymentState(clientId, await requireOrderNumberOf(payment));
    },
  );

  app.get(
    '/errors',
    route('Payment problems on record (Manager, CEO, Accountant)', {
      who: app.requireStaff(),
      query: paymentErrorListQuerySchema,
      ok: paymentErrorListSchema,
    }),
    async (request) => listPaymentErrors(app.db, request.query),
  );

  app.put(
    '/errors/:id',
    route('Move a payment problem along (Manager, CEO, Accountant)', {
      who: app.requireStaff(),
      params: z.object({ id: z.uuid() }),
      body: paymentErrorUpdateBodySchema,
      ok: paymentErrorViewSchema,
    }),
    async (request) => {
      const staffId = request.staff?.id;
      if (!staffId) throw new AppError('Forbidden', { status: 403, type: ErrorType.Forbidden });
      return updatePaymentError(app.db, request.params.id, request.body, staffId);
    },
  );

  app.get(
    '/:id',
    route('A payment by id or payment number', { who: app.requireClient, params: idParams, ok: paymentViewSchema }),
    async (request) => {
      const payment = await requireOwnPayment(app.db, signedInClientId(request), request.params.id);
      return viewOf(app.db, payment.status === PaymentStatus.Pending ? await refreshPayment(app, payment) : payment);
    },
  );
});

export default paymentRoutes;
