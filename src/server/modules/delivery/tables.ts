import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import type { DeliveryStatus, DeliveryVehicle, HomeDeliveryType } from '../../../domain/enums';
import type { DeliveryAddress } from '../../../domain/schemas/order';
import { id, requiredRef, timestamps } from '../../db/columns';
import { clients } from '../client/tables';
import { orders } from '../order/tables';

/** The home-delivery leg of an order: one per HomeDelivery order, created with the order. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id, 'cascade').unique(),
    clientId: requiredRef('client_id', () => clients.id),
    status: text('status').$type<DeliveryStatus>().notNull().default('Pending'),
    type: text('type').$type<HomeDeliveryType>().notNull().default('oneWay'),
    address: jsonb('address').$type<DeliveryAddress>().notNull(),
    distanceKm: doublePrecision('distance_km'),
    /** Kobo, as charged on the order. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    /** The carrier: a person with an account (a delivery staff member), when assigned. */
    carrierClientId: uuid('carrier_client_id').references(() => clients.id),
    carrierName: text('carrier_name'),
    carrierPhone: text('carrier_phone'),
    vehicle: text('vehicle').$type<DeliveryVehicle>(),
    note: text('note'),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When the status last changed: the board's "time in state". */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The rider's last shared position (never shown to the client: only a distance is). */
    lastLat: doublePrecision('last_lat'),
    lastLng: doublePrecision('last_lng'),
    lastLocatedAt: timestamp('last_located_at', { withTimezone: true }),
    /** The rider's wrong delivery codes for it: at DELIVERY_CODE_MAX_TRIES only a dispatcher can close it. */
    codeWrongTries: integer('code_wrong_tries').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('deliveries_status_idx').on(t.status, t.createdAt),
    index('deliveries_client_idx').on(t.clientId),
    index('deliveries_carrier_idx').on(t.carrierClientId, t.statusChangedAt),
  ],
);

/** Each status a delivery took, when, by whom and (when the rider's phone shared it) where. */
export const deliverySteps = pgTable(
  'delivery_steps',
  {
    id: id(),
    deliveryId: requiredRef('delivery_id', () => deliveries.id, 'cascade'),
    status: text('status').$type<DeliveryStatus>().notNull(),
    actorClientId: uuid('actor_client_id').references(() => clients.id),
    /** Recorded by the rider on their phone (not by the dispatcher). */
    byRider: boolean('by_rider').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracyM: doublePrecision('accuracy_m'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('delivery_steps_delivery_idx').on(t.deliveryId, t.at)],
);

export type DeliveryStepRow = typeof deliverySteps.$inferSelect;

/**
 * The gas center of a delivery's order, as a subquery on the order's row (by its primary key): a
 * delivery is on the board of the center its order is delivered from.
 */
export const orderCenterOf = (orderId: AnyPgColumn): SQL =>
  sql`(select ${orders.centerId} from ${orders} where ${orders.id} = ${orderId})`;

export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * A client's request for a visit from the gas center (POST /api/client/new_meeting): installing
 * a stove or a cylinder, or a safety check of an old cylinder. Staff confirm by phone.
 */
export const homeVisits = pgTable(
  'home_visits',
  {
    id: id(),
    clientId: requiredRef('client_id', () => clients.id),
    purpose: text('purpose').$type<'Installation' | 'SafetyCheck' | 'Consultation'>().notNull(),
    /** yyyy-MM-dd, a Lagos day. */
    preferredDate: text('preferred_date').notNull(),
    timeSlot: text('time_slot').$type<'Morning' | 'Afternoon' | 'Evening'>().notNull(),
    address: jsonb('address').$type<DeliveryAddress>().notNull(),
    contactPhone: text('contact_phone').notNull(),
    note: text('note'),
    status: text('status').$type<'Requested' | 'Confirmed' | 'Done' | 'Cancelled'>().notNull().default('Requested'),
    ...timestamps(),
  },
  (t) => [index('home_visits_client_idx').on(t.clientId, t.createdAt)],
);

export type HomeVisitRow = typeof homeVisits.$inferSelect;
