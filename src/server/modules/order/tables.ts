import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  DeliveryOption,
  DeliveryStatus,
  HomeDeliveryType,
  OrderPickUpDispute,
  OrderStatus,
  OrderType,
  PaymentStatus,
  PaymentType,
} from '../../../domain/enums';
import { createdAt, id, requiredRef, timestamps } from '../../db/columns';
import { centers, firstCenterDefault } from '../centers/tables';
import { clients } from '../client/tables';
import { products } from '../product/tables';

/** A client's order. Money is integer kobo; totals are computed on the server. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    orderNumber: text('order_number').notNull().unique(),
    orderPaymentNumber: text('order_payment_number').notNull().unique(),
    clientId: requiredRef('client_id', () => clients.id),
    /** The gas center it is collected at, or delivered from. */
    centerId: requiredRef('center_id', () => centers.id).default(firstCenterDefault),
    type: text('type').$type<OrderType>().notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('Not Paid'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    paymentType: text('payment_type').$type<PaymentType>(),
    deliveryOption: text('delivery_option').$type<DeliveryOption>().notNull(),
    /** For HomeDelivery: { line1, city, state, lat?, lng?, note? }. */
    deliveryAddress: jsonb('delivery_address'),
    /** For PickUpBySomeOne: the nominated person. */
    nomineeName: text('nominee_name'),
    nomineePhone: text('nominee_phone'),
    homeDeliveryType: text('home_delivery_type').$type<HomeDeliveryType>(),
    /** Distance from the gas center the delivery fee was priced on. */
    deliveryDistanceKm: doublePrecision('delivery_distance_km'),
    /** The fee came from a straight-line estimate, not a maps answer. */
    deliveryFeeIsEstimate: boolean('delivery_fee_is_estimate').notNull().default(false),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Short code the client reads out at the counter when the QR code cannot be scanned. */
    pickupCode: text('pickup_code').notNull().unique(),
    isDelivered: boolean('is_delivered').notNull().default(false),
    pickupDispute: text('pickup_dispute').$type<OrderPickUpDispute>().notNull().default('none'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('orders_client_history_idx').on(t.clientId, t.createdAt, t.id),
    index('orders_client_status_history_idx').on(t.clientId, t.status, t.createdAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** The lines of an order, with the price in force when it was placed. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    productId: requiredRef('product_id', () => products.id),
    name: text('name').notNull(),
    /** Kobo per unit (per kg for gas). */
    unitPrice: bigint('unit_price', { mode: 'number' }).notNull(),
    /** Items count; for gas, kg. */
    quantity: doublePrecision('quantity').notNull(),
    /** For gas refills: the cylinder size filled. */
    sizeKg: doublePrecision('size_kg'),
    lineTotal: bigint('line_total', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * The timeline of an order: every order status and delivery status it went through, with the
 * time. Append-only; the order row holds the current state.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade'),
    kind: text('kind').$type<'order' | 'delivery'>().notNull().default('order'),
    status: text('status').$type<OrderStatus | DeliveryStatus>().notNull(),
    note: text('note'),
    /** Who caused it: the client, a staff member (client id of the staff), or null for the system. */
    actorClientId: uuid('actor_client_id'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export type OrderRow = typeof orders.$inferSelect;
export type OrderEventRow = typeof orderEvents.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
