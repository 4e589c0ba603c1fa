import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { webhookAckSchema } from '../../../domain/schemas/payment';
import { isGatewayRefusal, type TransactionData } from '../../integrations/paystack/client';
import { isValidPaystackSignature, SIGNATURE_HEADER } from '../../integrations/paystack/signature';
import { recordPaymentError } from './payment-errors';
import { verifyPayment } from './processing';
import { applyRefundEvent } from './refunds';
import type { DedicatedTransferEvent } from './service';
import { payments, paystackEvents } from './tables';

const rawBodies = new WeakMap<FastifyRequest, string>();

const eventSchema = z.object({
  event: z.string().min(1),
  data: z.looseObject({ reference: z.string().optional() }),
});

const ack = (message: string) => ({ status: true, message });

/**
 * POST /api/payment/webhook. Trusted by its signature alone (no session, no x-platform): the
 * HMAC is checked over the exact raw bytes, then the transaction is verified with Paystack
 * before any value is given; each reference gives value once. A webhook we could not act on
 * yet answers 503 so Paystack delivers it again.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the raw body is kept only for the webhook.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    rawBodies.set(request, text);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('The body is not valid JSON', { status: 400, type: ErrorType.InvalidInput }), undefined);
    }
  });

  app.post(
    '/webhook',
    {
      schema: {
        tags: ['payment'],
        summary: 'Paystack webhook (signed with x-paystack-signature)',
        body: eventSchema,
        response: { 200: webhookAckSchema },
      },
      preValidation: async (request) => {
        const raw = rawBodies.get(request);
        if (
          raw === undefined ||
          !isValidPaystackSignature(raw, request.headers[SIGNATURE_HEADER], app.config.paystackSecretKey)
        ) {
          throw new AppError('Invalid webhook signature', { status: 401, type: ErrorType.UnAuthorized });
        }
      },
    },
    async (request) => {
      const { event, data } = request.body;
      // refund.pending / processing / processed / failed / needs-attention: our automatic refunds.
      if (event.startsWith('refund.')) return ack(await applyRefundEvent(app, event, data));
      if (event !== 'charge.success') return ack(`Ignored ${event}`);
      const reference = data.reference;
      if (!reference) throw new AppError('The event has no reference', { status: 400, type: ErrorType.InvalidInput });
      const channel = typeof data.channel === 'string' ? data.channel : null;
      if (channel === 'dedicated_nuban') return handleDedicatedTransfer(reference);

      const [payment] = await app.db.select().from(payments).where(eq(payments.reference, reference));
      if (!payment) {
        await recordPaymentError(app.db, {
          reference,
          type: ErrorType.NotFound,
          message: 'A charge.success webhook arrived for a reference we never issued',
          paidAmount: typeof data.amount === 'number' ? data.amount : null,
          details: { event, channel },
        });
        return ack('Unknown reference recorded');
      }
      const { outcome } = await verifyPayment(app, payment, { claimedSuccess: true });
      if (outcome === 'unreachable') {
        throw new AppError('The payment could not be verified yet', {
          status: 503,
          type: ErrorType.CantVerifyOrderPayment,
        });
      }
      return ack(`Payment ${outcome}`);
    },
  );

  async function handleDedicatedTransfer(reference: string) {
    let verified: TransactionData;
    try {
      verified = await app.paystack.verifyTransaction(reference);
    } catch (err) {
      if (!isGatewayRefusal(err)) {
        throw new AppError('The transfer could not be verified yet', {
          status: 503,
          type: ErrorType.CantVerifyOrderPayment,
        });
      }
      // Paystack does not know it: a forged or misdirected event. Nothing is credited.
      await recordPaymentError(app.db, {
        reference,
        type: ErrorType.CantVerifyOrderPayment,
        message: 'A transfer webhook names a reference Paystack does not know',
      });
      return ack('Transfer not verified');
    }
    if (verified.status !== 'success' || verified.channel !== 'dedicated_nuban') {
      await recordPaymentError(app.db, {
        reference,
        type: ErrorType.CantVerifyOrderPayment,
        message: `A transfer webhook could not be verified: Paystack says ${verified.status} via ${verified.channel}`,
        paidAmount: verified.amount,
      });
      return ack('Transfer not verified');
    }
    const handler = app.paymentHandlers.dedicatedTransfer;
    if (!handler) {
      throw new AppError('Transfers into virtual accounts cannot be credited yet', {
        status: 503,
        type: ErrorType.PaymentGatewayError,
      });
    }
    const auth = verified.authorization;
    const metadata = verified.metadata ?? {};
    const accountNumber =
      auth?.receiver_bank_account_number ??
      (typeof metadata.receiver_account_number === 'string' ? metadata.receiver_account_number : null);
    if (!accountNumber) {
      await recordPaymentError(app.db, {
        reference,
        type: ErrorType.WalletNotFound,
        message: 'A transfer arrived without the receiving account number',
        paidAmount: verified.amount,
      });
      return ack('Transfer without account recorded');
    }
    const transfer: DedicatedTransferEvent = {
      reference,
      amount: verified.amount,
      accountNumber,
      senderBank: auth?.sender_bank ?? null,
      senderName: auth?.sender_name ?? null,
      senderAccountNumber: auth?.sender_bank_account_number ?? null,
      customerCode: verified.customer?.customer_code ?? null,
      customerEmail: verified.customer?.email ?? null,
      paidAt: verified.paid_at ? new Date(verified.paid_at) : new Date(),
    };
    const credited = await app.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(paystackEvents)
        .values({ event: 'charge.success', reference, payload: transfer })
        .onConflictDoNothing()
        .returning({ id: paystackEvents.id });
      if (inserted.length === 0) return false;
      await handler(tx, transfer);
      return true;
    });
    return ack(credited ? 'Transfer credited' : 'Transfer already credited');
  }
};
