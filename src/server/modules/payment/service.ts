import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PaymentGateway, type PaymentPurpose, PaymentStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import type { DbOrTx } from '../../db/client';
import { getPaystack } from '../../integrations/paystack/client';
import { newPaymentNumber, newProviderReference } from '../../lib/references';
import { findClientSummary } from '../client/service';
import { type PaymentRow, payments } from './tables';

export type { PaymentRow };

/** Called exactly once, inside the transaction that marks a payment of its purpose a success. */
export type PaymentSucceededHandler = (tx: DbOrTx, payment: PaymentRow) => Promise<void>;

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
/** Called exactly once per transfer reference, inside a transaction. */
export type DedicatedTransferHandler = (tx: DbOrTx, event: DedicatedTransferEvent) => Promise<void>;

/*
 * The registries are process-wide with one handler per purpose: a later registration replaces
 * the earlier one, so many test apps in one process (each registering again) never stack
 * handlers. Handlers must therefore use only the transaction and row they are given.
 */
const succeededHandlers = new Map<PaymentPurpose, PaymentSucceededHandler>();
let dedicatedTransferHandler: DedicatedTransferHandler | null = null;

/** Registers what gives value when a payment of `purpose` succeeds (FundWallet: the wallet area). */
export function onPaymentSucceeded(purpose: PaymentPurpose, handler: PaymentSucceededHandler): void {
  succeededHandlers.set(purpose, handler);
}

/** Registers what credits a virtual account when a transfer into it is verified. */
export function onDedicatedTransfer(handler: DedicatedTransferHandler): void {
  dedicatedTransferHandler = handler;
}

export function succeededHandlerFor(purpose: PaymentPurpose): PaymentSucceededHandler | undefined {
  return succeededHandlers.get(purpose);
}

export function dedicatedHandler(): DedicatedTransferHandler | null {
  return dedicatedTransferHandler;
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
    data = await getPaystack(app).initializeTransaction({
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
