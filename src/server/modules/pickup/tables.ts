import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  HandoverMethod,
  OrderPickUpDispute,
  PickupAttemptStatus,
  PickupConfirmationAction,
  PickupStatus,
} from '../../../domain/enums';
import { createdAt, id, requiredRef, timestamps } from '../../db/columns';
import { clients } from '../client/tables';
import { orders } from '../order/tables';
import { staff } from '../staff/tables';

/**
 * A confirmation request at the counter: a staff member asks the order's owner to confirm the
 * hand-over. All the state of a waiting request lives here (not in process memory), so the staff
 * and the client may be connected to different instances. Lifecycle:
 * Pending → InProgress (the prompt is on the client's screen) → Completed (approved; the order is
 * Delivered in the same transaction) | ClientReject | Cancelled (staff cancelled, dispute, expired).
 */
export const pickups = pgTable(
  'pickups',
  {
    id: id(),
    orderId: requiredRef('order_id', () => orders.id),
    /** The order's owner, who must confirm. */
    clientId: requiredRef('client_id', () => clients.id),
    staffId: requiredRef('staff_id', () => staff.id),
    shiftId: uuid('shift_id'),
    status: text('status').$type<PickupStatus>().notNull().default('Pending'),
    confirmationAction: text('confirmation_action').$type<PickupConfirmationAction>().notNull().default('Pending'),
    /** PickUpBySomeOne: the staff checked the nominee's identity before asking the owner. */
    nomineeVerified: boolean('nominee_verified').notNull().default(false),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the client's screen showed the prompt (pingStaff) or last answered a ping. */
    clientSeenAt: timestamp('client_seen_at', { withTimezone: true }),
    pingId: text('ping_id'),
    pingSentAt: timestamp('ping_sent_at', { withTimezone: true }),
    pingAnsweredAt: timestamp('ping_answered_at', { withTimezone: true }),
    /** Claimed by the one instance that sends ClientDelayResponse / CancelWarning. */
    delayNotifiedAt: timestamp('delay_notified_at', { withTimezone: true }),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** StaffCancelled, StaffRejected, Expired, Dispute, OrderAlreadyPickup. */
    closeReason: text('close_reason'),
    dispute: text('dispute').$type<OrderPickUpDispute>(),
    /** How a Completed hand-over was confirmed: on the client's app, with a code sent by SMS, or by a supervisor. */
    handoverMethod: text('handover_method').$type<HandoverMethod>(),
    /** SupervisorApproval: the Shift Supervisor, Manager or CEO who approved it, and their written reason. */
    approvedByStaffId: uuid('approved_by_staff_id').references(() => staff.id),
    approvalReason: text('approval_reason'),
    ...timestamps(),
  },
  (t) => [
    // One open request per order and per staff: two counters racing on one order cannot both
    // open one, and a staff member handles one hand-over at a time.
    uniqueIndex('pickups_one_open_per_order').on(t.orderId).where(sql`${t.status} in ('Pending', 'InProgress')`),
    uniqueIndex('pickups_one_open_per_staff').on(t.staffId).where(sql`${t.status} in ('Pending', 'InProgress')`),
    // And an order is handed over once, whatever the code above it does.
    uniqueIndex('pickups_one_completed_per_order').on(t.orderId).where(sql`${t.status} = 'Completed'`),
    index('pickups_client_status_idx').on(t.clientId, t.status),
    index('pickups_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

/** Every attempt at the counter (a scan, a typed code, a request, an answer), for the audit trail. */
export const pickupAttempts = pgTable(
  'pickup_attempts',
  {
    id: id(),
    orderId: uuid('order_id').references(() => orders.id),
    pickupId: uuid('pickup_id').references(() => pickups.id),
    staffId: uuid('staff_id').references(() => staff.id),
    method: text('method').$type<AttemptMethod>().notNull(),
    status: text('status').$type<PickupAttemptStatus>().notNull(),
    /** Why: an eligibility verdict, a refusal event, or the client's decision. */
    reason: text('reason'),
    /** What was presented (a code, or the start of a QR token), cut short. */
    presented: text('presented'),
    createdAt: createdAt(),
  },
  (t) => [index('pickup_attempts_order_idx').on(t.orderId, t.createdAt)],
);

/** How an attempt was made: a typed pickup code, a scan, a request, the owner's answer, an SMS hand-over code, a supervisor's approval. */
export type AttemptMethod = 'code' | 'qr' | 'request' | 'response' | 'sms' | 'approval';

export type PickupRow = typeof pickups.$inferSelect;
export type PickupAttemptRow = typeof pickupAttempts.$inferSelect;
