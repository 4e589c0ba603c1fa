import { bigint, doublePrecision, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DeliveryStatus, DeliveryVehicle, HomeDeliveryType } from '../../../domain/enums';
import type { DeliveryAddress } from '../../../domain/schemas/order';
import { id, timestamps } from '../../db/columns';
import { clients } from '../client/tables';
import { orders } from '../order/tables';

/** The home-delivery leg of an order: one per HomeDelivery order, created with the order. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
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
    ...timestamps(),
  },
  (t) => [index('deliveries_status_idx').on(t.status, t.createdAt), index('deliveries_client_idx').on(t.clientId)],
);

export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * A client's request for a visit from the gas center (POST /api/client/new_meeting): installing
 * a stove or a cylinder, or a safety check of an old cylinder. Staff confirm by phone.
 */
export const homeVisits = pgTable(
  'home_visits',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
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
