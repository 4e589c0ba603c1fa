import { z } from 'zod';
import {
  type PaymentErrorStatus,
  paymentErrorStatusValues,
  paymentGatewayValues,
  paymentPurposeValues,
  paymentStatusValues,
  paymentStepValues,
} from '../enums';
import { errorTypeValues } from '../errors';

const orderNumber = z.string().trim().min(1, 'orderNumber is required').max(40);
const paymentNumber = z.string().trim().min(1, 'paymentNumber is required').max(40);

export const initiateOrderPaymentBodySchema = z.object({ orderNumber });
export type InitiateOrderPaymentBody = z.infer<typeof initiateOrderPaymentBodySchema>;

/** The payment details kept during checkout. */
export const checkoutDetailsSchema = z.object({
  authorizationUrl: z.string(),
  orderNumber: z.string().nullable(),
  ref: z.string(),
  accessCode: z.string(),
  purpose: z.enum(paymentPurposeValues),
  paymentNumber: z.string(),
});
export type CheckoutDetails = z.infer<typeof checkoutDetailsSchema>;

/** Saved-card data: only what identifies the card to its owner. */
export const savedCardSchema = z.object({
  bin: z.string(),
  last4: z.string(),
  expireMonth: z.string(),
  expireYear: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/**
 * Where the automatic refund of a card payment stands. `due`: decided, Paystack not yet asked
 * (or unreachable); then Paystack's refund statuses. Money is back with the client at `processed`.
 */
export const refundStateValues = ['due', 'pending', 'processing', 'processed', 'failed', 'needs-attention'] as const;
export type RefundState = (typeof refundStateValues)[number];

/** A card payment given back because the order was already paid (or closed) when it succeeded. */
export const paymentRefundSchema = z.object({
  status: z.enum(refundStateValues),
  /** Kobo. */
  amount: z.number().int(),
  reason: z.string().nullable(),
  refundedAt: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

export const paymentViewSchema = z.object({
  paymentNumber: z.string(),
  reference: z.string(),
  purpose: z.enum(paymentPurposeValues),
  gateway: z.enum(paymentGatewayValues),
  status: z.enum(paymentStatusValues),
  step: z.enum(paymentStepValues),
  /** Kobo. */
  amount: z.number().int(),
  paidAmount: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  channel: z.string().nullable(),
  /** True once the order is paid or the wallet credited by this payment. */
  valueGiven: z.boolean(),
  /** The card just used, when the client may choose to keep it. */
  cardOffer: savedCardSchema.nullable(),
  /** Set when this payment is (being) refunded automatically: the order was paid another way. */
  refund: paymentRefundSchema.nullable(),
  /** A declined card: the reason Paystack gave (its gateway_response, e.g. 'Insufficient Funds'). */
  declineReason: z.string().nullable().optional(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof paymentViewSchema>;

export const paymentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const paymentListSchema = z.object({
  items: z.array(paymentViewSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type PaymentList = z.infer<typeof paymentListSchema>;

export const paymentNumberBodySchema = z.object({ paymentNumber });
export type PaymentNumberBody = z.infer<typeof paymentNumberBodySchema>;

export const usableCardSchema = z.object({ card: savedCardSchema.nullable() });
export type UsableCard = z.infer<typeof usableCardSchema>;

export const saveUsableResultSchema = z.object({ saved: z.boolean(), card: savedCardSchema.nullable() });
export const discardUsableResultSchema = z.object({ discarded: z.boolean() });

/** Paying an order with the saved card. */
export const sendPaymentBodySchema = z.object({ orderNumber });
export type SendPaymentBody = z.infer<typeof sendPaymentBodySchema>;

/** Where an order's payment stands (order confirm_payment / payment_verify equivalents). */
export const orderPaymentStateSchema = z.object({
  orderNumber: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.enum(paymentStatusValues),
  paid: z.boolean(),
  payments: z.array(paymentViewSchema),
});
export type OrderPaymentState = z.infer<typeof orderPaymentStateSchema>;

export const paymentErrorViewSchema = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.enum(errorTypeValues),
  status: z.enum(paymentErrorStatusValues),
  message: z.string(),
  paymentNumber: z.string().nullable(),
  clientId: z.string().nullable(),
  expectedAmount: z.number().int().nullable(),
  paidAmount: z.number().int().nullable(),
  occurrences: z.number().int(),
  note: z.string().nullable(),
  /** Who last moved the record along (a staff member's name), if anyone. */
  updatedByName: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentErrorView = z.infer<typeof paymentErrorViewSchema>;

export const paymentErrorListQuerySchema = z.object({
  status: z.enum(paymentErrorStatusValues).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const paymentErrorListSchema = z.object({
  items: z.array(paymentErrorViewSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const paymentErrorUpdateBodySchema = z.object({
  status: z.enum(paymentErrorStatusValues),
  note: z.string().trim().max(1000).optional(),
});
export type PaymentErrorUpdateBody = z.infer<typeof paymentErrorUpdateBodySchema>;

/**
 * How staff move a payment-error record along (a decision of ours): work
 * starts, ends in Resolved / Ignored / Closed, and anything finished can be reopened.
 */
export const paymentErrorTransitions: Record<PaymentErrorStatus, readonly PaymentErrorStatus[]> = {
  New: ['Seen', 'Active', 'InProgress', 'Escalated', 'Resolved', 'Ignored'],
  Active: ['Seen', 'InProgress', 'Escalated', 'Resolved', 'Ignored'],
  Seen: ['Active', 'InProgress', 'Escalated', 'Resolved', 'Ignored'],
  InProgress: ['Active', 'Escalated', 'Resolved', 'Ignored'],
  Escalated: ['InProgress', 'Resolved', 'Closed'],
  Resolved: ['Closed', 'Reopened'],
  Ignored: ['Closed', 'Reopened'],
  Closed: ['Reopened'],
  Reopened: ['Seen', 'Active', 'InProgress', 'Escalated', 'Resolved', 'Ignored'],
};

/** Settling a problem needs a note saying what was done (given with the move, or already on record). */
export const PAYMENT_ERROR_NOTE_REQUIRED: readonly PaymentErrorStatus[] = ['Resolved', 'Ignored'];

export const canMovePaymentError = (from: PaymentErrorStatus, to: PaymentErrorStatus) =>
  paymentErrorTransitions[from].includes(to);

export const webhookAckSchema = z.object({ status: z.boolean(), message: z.string() });
