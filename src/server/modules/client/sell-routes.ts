// The counter's sales (POST /api/client/new_order), made by the sell module.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import { AppError, ErrorType } from '../../../domain/errors';
import {
  counterRefundInputSchema,
  counterRefundResponseSchema,
  counterSaleInputSchema,
  counterSaleResponseSchema,
} from '../../../domain/schemas/counter';
import type { SmsOutcome } from '../../../domain/schemas/sms';
import { assertActingClient } from '../../lib/acting-client';
import { onServerClock } from '../../lib/device-time';
import { routesOf } from '../../lib/route';
import { receiptSmsText, refundCashSale, sellAtCounter } from '../sell';
import { sendWithinBudget } from '../sms-budget';
import { currentStaff } from '../staff';

const counterSaleRoutes = routesOf('client', async (app, route) => {
  const seller = (request: Parameters<typeof currentStaff>[0]) => {
    const clientId = request.auth?.clientId;
    if (!clientId) throw new AppError('Sign in again', { status: 401, type: ErrorType.UnAuthorized });
    return { staff: currentStaff(request), clientId };
  };

  app.post(
    '/new_order',
    // The shift is asked for by the sale itself: a sale made offline is recorded in the drawer
    // of the shift it was made in, even when that shift was ended on another tablet meanwhile.
    route(
      'Staff: sell to a walk-in customer found (or added) by phone; paid by Cash, Electronic (POS/transfer) or Wallet, handed over at once or later (Idempotency-Key honoured)',
      { who: app.requireStaff(), idempotent: true, body: counterSaleInputSchema, created: counterSaleResponseSchema },
    ),
    async (request, reply) => {
      // A sale queued offline is its author's: never record it as whoever is signed in now.
      assertActingClient(request);
      const body = request.body;
      const who = seller(request);
      const { replayed, ...sold } = await sellAtCounter(app, who, {
        ...body,
        soldAt: onServerClock(request, body.soldAt),
      });
      // The same offline sale sent again under another key: the sale as recorded, no second SMS.
      if (replayed) return reply.code(201).send({ ...sold, sale: { ...sold.sale, receiptSms: 'none' } });
      const to = sold.client.phoneLocal ? `234${sold.client.phoneLocal.slice(1)}` : null;
      // Within the SMS budgets (sms-budget module): over one, the sale stands and the answer says
      // the receipt was not sent, and why. Counted once per order, so a retry spends nothing.
      const sms: SmsOutcome = to
        ? await sendWithinBudget(
            app.db,
            {
              purpose: 'receipt',
              staffId: who.staff.id,
              phone: to,
              messageKey: `receipt:${sold.order.id}`,
              what: 'The SMS receipt',
            },
            () => app.sms.provider.send({ to, body: receiptSmsText(sold) }),
          )
        : { sent: false, reason: 'NoPhone', message: 'No SMS receipt: the customer has no phone number.' };
      if (sms.reason === 'SendFailed') {
        request.log.warn({ order: sold.order.orderNumber }, 'counter receipt SMS not sent');
      }
      if (sms.reason === 'SmsBudgetReached') {
        request.log.warn({ order: sold.order.orderNumber, budget: sms.budget }, 'counter receipt SMS over its budget');
      }
      const receiptSms = sms.sent ? 'sent' : sms.reason === 'SmsBudgetReached' ? 'withheld' : to ? 'failed' : 'none';
      return reply.code(201).send({ ...sold, sale: { ...sold.sale, receiptSms }, sms });
    },
  );

  app.post(
    '/refund_order',
    route('Staff: refund a cash sale not yet handed over, from my drawer (Idempotency-Key honoured)', {
      who: app.requireStaff(),
      idempotent: true,
      body: counterRefundInputSchema,
      ok: counterRefundResponseSchema,
    }),
    async (request) => refundCashSale(app, seller(request), request.body),
  );
});

export default counterSaleRoutes;
