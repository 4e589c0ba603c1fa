import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  PaymentErrorStatus,
  PaymentGateway,
  PaymentPurpose,
  PaymentStatus,
  PaymentStep,
} from '../../../domain/enums';
import type { ErrorType } from '../../../domain/errors';
import type { RefundState } from '../../../domain/schemas/payment';
import { id, requiredRef, timestamps } from '../../db/columns';
import { clients } from '../client/tables';
import { orders } from '../order/tables';

/** A card authorization as Paystack reports it; only the display fields ever leave the server. */
export type CardAuthorization = {
  authorizationCode: string;
  bin: string;
  last4: string;
  expMonth: string;
  expYear: string;
  cardType?: string;
  bank?: string;
  signature?: string;
  reusable: boolean;
};

export type { RefundState };

/** What became of the card a successful payment offered to keep (the "save this card?" panel). */
export type CardOfferState = 'none' | 'offered' | 'saved' | 'discarded';

/**
 * One attempt to collect money through a gateway. `valueGivenAt` is set in the same transaction
 * that hands value over (order paid, wallet credited): a reference gives value exactly once.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    paymentNumber: text('payment_number').notNull().unique(),
    reference: text('reference').notNull().unique(),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    gateway: text('gateway').$type<PaymentGateway>().notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** Kobo asked for. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Kobo the gateway reported as paid (set on verification). */
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    clientId: requiredRef('client_id', () => clients.id),
    orderId: uuid('order_id').references(() => orders.id),
    email: text('email').notNull(),
    accessCode: text('access_code'),
    authorizationUrl: text('authorization_url'),
    step: text('step').$type<PaymentStep>().notNull().default('Initialize'),
    channel: text('channel'),
    gatewayResponse: text('gateway_response'),
    /** The card used, kept to offer "save this card" and to charge it again later. */
    authorization: jsonb('authorization').$type<CardAuthorization>(),
    cardOffer: text('card_offer').$type<CardOfferState>().notNull().default('none'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    valueGivenAt: timestamp('value_given_at', { withTimezone: true }),
    /** Reconciliation bookkeeping: when the gateway was last asked, and how often. */
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    checkAttempts: integer('check_attempts').notNull().default(0),
    /** The order was paid another way while this checkout was open: it is closed, a late success is refunded. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Set once, under the payment row's lock, when a success must go back to the card (the order
     * was already paid or closed): the transition from null is what makes the refund happen once.
     */
    refundState: text('refund_state').$type<RefundState>(),
    /** Kobo being given back. */
    refundAmount: bigint('refund_amount', { mode: 'number' }),
    refundReason: text('refund_reason'),
    /** Paystack's refund id, once it accepted the refund. */
    refundId: text('refund_id'),
    /** When a refund call was last started (a claim, so two callers never both ask Paystack). */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('payments_client_created_idx').on(t.clientId, t.createdAt),
    index('payments_order_idx').on(t.orderId),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_refund_state_idx').on(t.refundState),
  ],
);

/** The one card a client chose to keep for later payments (charge_authorization). */
export const savedCards = pgTable('saved_cards', {
  id: id(),
  clientId: requiredRef('client_id', () => clients.id).unique(),
  email: text('email').notNull(),
  authorizationCode: text('authorization_code').notNull(),
  bin: text('bin').notNull(),
  last4: text('last4').notNull(),
  expMonth: text('exp_month').notNull(),
  expYear: text('exp_year').notNull(),
  cardType: text('card_type'),
  bank: text('bank'),
  signature: text('signature'),
  ...timestamps(),
});

/**
 * A payment problem staff must look at: a verification that failed, an amount that does not
 * match, a webhook for an unknown reference. One record per (reference, type); repeats count up.
 */
export const paymentErrors = pgTable(
  'payment_errors',
  {
    id: id(),
    reference: text('reference').notNull(),
    type: text('type').$type<ErrorType>().notNull(),
    status: text('status').$type<PaymentErrorStatus>().notNull().default('New'),
    message: text('message').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    clientId: uuid('client_id').references(() => clients.id),
    expectedAmount: bigint('expected_amount', { mode: 'number' }),
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    details: jsonb('details'),
    occurrences: integer('occurrences').notNull().default(1),
    note: text('note'),
    updatedBy: uuid('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_errors_reference_type_idx').on(t.reference, t.type),
    index('payment_errors_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Webhook events handled without a payment row of ours (transfers into a virtual account):
 * the unique (event, reference) makes a redelivered event a no-op.
 */
export const paystackEvents = pgTable(
  'paystack_events',
  {
    id: id(),
    event: text('event').notNull(),
    reference: text('reference').notNull(),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [uniqueIndex('paystack_events_event_reference_idx').on(t.event, t.reference)],
);

export type PaymentRow = typeof payments.$inferSelect;
export type SavedCardRow = typeof savedCards.$inferSelect;
export type PaymentErrorRow = typeof paymentErrors.$inferSelect;
