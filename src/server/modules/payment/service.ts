import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PaymentGateway, type PaymentPurpose, PaymentStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { newPaymentNumber, newProviderReference } from '../../lib/references';
import { findClientSummary } from '../client';
import { type PaymentRow, payments } from './tables';

export type { PaymentRow };

/** Called exactly once, inside the transaction that marks a payment of its purpose a success (its answer is ignored). */
export type PaymentSucceededHandler = (tx: DbOrTx, payment: PaymentRow) => Promise<unknown>;

/** A verified charge.success into a dedicated virtual account (channel dedicated_nuban). */
export type DedicatedTransferEvent = {
  /** Paystack's transaction reference: unique, the ledger's idempotency key. */
  reference: string;
  /** Kobo. */
  amount: number;
  /** The dedicated account that received the money. */
  accountNumber: string;
  senderBank: string | null;
  senderName: string | null;
  senderAccountNumber: string | null;
  customerCode: string | null;
  customerEmail: string | null;
  paidAt: Date;
};
/** Called exactly once per transfer reference, inside a transaction (its answer is ignored). */
export type DedicatedTransferHandler = (tx: DbOrTx, event: DedicatedTransferEvent) => Promise<unknown>;

/**
 * What gives value when money arrives, one handler per purpose, built once per app (app.ts lists
 * them). A payment of a purpose without a handler is refused, never silently kept.
 */
export type PaymentHandlers = {
  /** Purpose → the handler called when a card payment of that purpose succeeds. */
  succeeded: Partial<Record<PaymentPurpose, PaymentSucceededHandler>>;
  /** What credits a virtual account when a transfer into it is verified. */
  dedicatedTransfer: DedicatedTransferHandler | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's payment handlers (tests may swap one on their own app). */
    paymentHandlers: PaymentHandlers;
  }
}

export type InitiatePaymentInput = {
  clientId: string;
  purpose: PaymentPurpose;
  /** Kobo. */
  amount: number;
  orderId?: string;
  email?: string;
};

export type InitiatedPayment = {
  paymentNumber: string;
  reference: string;
  accessCode: string;
  authorizationUrl: string;
};

/** Paystack needs an email; a client without one gets a stable address derived from the phone. */
export async function paymentEmailOf(db: DbOrTx, clientId: string): Promise<string> {
  const client = await findClientSummary(db, clientId);
  if (!client) throw new AppError('Client not found', { status: 404, type: ErrorType.NoUserFound });
  return client.email?.includes('@') ? client.email : `${client.phoneLocal}@clients.arrive.ng`;
}

/**
 * Starts a card payment with Paystack: the payment row is written first (so a reference Paystack
 * knows is never unknown to us), then the transaction is initialized and its access code kept.
 */
export async function initiatePayment(app: FastifyInstance, input: InitiatePaymentInput): Promise<InitiatedPayment> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new AppError('The amount must be a positive number of kobo', { status: 400, type: ErrorType.AmountMissing });
  }
  const email = input.email ?? (await paymentEmailOf(app.db, input.clientId));
  const paymentNumber = newPaymentNumber();
  const reference = newProviderReference();
  const [row] = await app.db
    .insert(payments)
    .values({
      paymentNumber,
      reference,
      purpose: input.purpose,
      gateway: PaymentGateway.Paystack,
      status: PaymentStatus.Pending,
      amount: input.amount,
      clientId: input.clientId,
      orderId: input.orderId ?? null,
      email,
      step: 'Initialize',
    })
    .returning({ id: payments.id });
  if (!row) throw new AppError('The payment could not be recorded', { type: ErrorType.OrderPaymentError });
  let data: { access_code: string; authorization_url: string };
  try {
    data = await app.paystack.initializeTransaction({
      email,
      amount: input.amount,
      reference,
      callback_url: `${app.config.publicUrl}/payment/redirect`,
      metadata: { paymentNumber, purpose: input.purpose, ...(input.orderId ? { orderId: input.orderId } : {}) },
    });
  } catch (err) {
    // Nobody holds an access code for it, so nobody can pay it: close it for good.
    await app.db
      .update(payments)
      .set({ status: PaymentStatus.Failed, gatewayResponse: 'Initialization failed' })
      .where(eq(payments.id, row.id));
    throw err;
  }
  await app.db
    .update(payments)
    .set({ accessCode: data.access_code, authorizationUrl: data.authorization_url })
    .where(eq(payments.id, row.id));
  return { paymentNumber, reference, accessCode: data.access_code, authorizationUrl: data.authorization_url };
}
