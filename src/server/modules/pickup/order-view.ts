import { and, desc, eq, inArray } from 'drizzle-orm';
import { PickupEligibilityStatus } from '../../../domain/enums';
import { openStates } from '../../../domain/lifecycles/lifecycle';
import { pickupLifecycle } from '../../../domain/lifecycles/pickup';
import { pickupEligibility } from '../../../domain/pickup-eligibility';
import type { PickupRequest } from '../../../domain/realtime-events';
import type { PickupItem, PickupOrderSummary, PickupRecord } from '../../../domain/schemas/pickup';
import type { DbOrTx } from '../../db/client';
import { findClientSummary } from '../client';
import { findOrderById, listOrderItems, type OrderRow } from '../order';
import { findStaffDisplayName } from '../staff';
import { type PickupRow, pickups } from './tables';

/** Pending and InProgress: the request still waits for an answer (also the tables' one-open-request indexes). */
export const OPEN_PICKUP_STATUSES = openStates(pickupLifecycle);

/** What the counter is told about each eligibility verdict. */
export const eligibilityMessages: Record<PickupEligibilityStatus, string> = {
  Eligible: 'Paid and ready: ask the client to confirm on their phone.',
  AlreadyPickedUp: 'This order was already picked up.',
  NotPaid: 'This order is not paid.',
  DisputeExists: 'There is a dispute on this pickup: refer it to a manager.',
  Error: 'No such order.',
  Delivered: 'This order was already delivered.',
  Cancelled: 'This order was cancelled.',
};

export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

export async function loadItems(db: DbOrTx, orderId: string): Promise<PickupItem[]> {
  const items = await listOrderItems(db, orderId);
  return items.map(({ name, quantity, sizeKg }) => ({ name, quantity, sizeKg }));
}

/** The display name of the staff member behind a staff id. */
export async function staffName(db: DbOrTx, staffId: string): Promise<string> {
  return (await findStaffDisplayName(db, staffId)) ?? 'Staff';
}

export async function toPickupRecord(db: DbOrTx, row: PickupRow): Promise<PickupRecord> {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    confirmationAction: row.confirmationAction,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    respondedAt: iso(row.respondedAt),
    completedAt: iso(row.completedAt),
    staffName: await staffName(db, row.staffId),
    nomineeVerified: row.nomineeVerified,
    handoverMethod: row.handoverMethod,
    approvedByName: row.approvedByStaffId ? await staffName(db, row.approvedByStaffId) : null,
    approvalReason: row.approvalReason,
  };
}

/** The order's most recent confirmation request, if any. */
export async function latestPickup(db: DbOrTx, orderId: string): Promise<PickupRow | null> {
  const [row] = await db
    .select()
    .from(pickups)
    .where(eq(pickups.orderId, orderId))
    .orderBy(desc(pickups.requestedAt))
    .limit(1);
  return row ?? null;
}

export async function openPickupForOrder(db: DbOrTx, orderId: string): Promise<PickupRow | null> {
  const [row] = await db
    .select()
    .from(pickups)
    .where(and(eq(pickups.orderId, orderId), inArray(pickups.status, [...OPEN_PICKUP_STATUSES])))
    .limit(1);
  return row ?? null;
}

/** The counter's view of an order: what was bought, for whom, and whether it may be handed over. */
export async function orderSummary(db: DbOrTx, order: OrderRow, clientOnline: boolean): Promise<PickupOrderSummary> {
  const owner = await findClientSummary(db, order.clientId);
  const eligibility = pickupEligibility(order);
  const latest = await latestPickup(db, order.id);
  const name = [owner?.firstname, owner?.lastname].filter(Boolean).join(' ').trim();
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    type: order.type,
    status: order.status,
    paymentStatus: order.paymentStatus,
    deliveryOption: order.deliveryOption,
    isDelivered: order.isDelivered,
    deliveredAt: iso(order.deliveredAt),
    pickupDispute: order.pickupDispute,
    total: order.total,
    items: await loadItems(db, order.id),
    clientName: name || 'Client',
    clientPhoneHint: owner ? `•••${owner.phoneLocal.slice(-4)}` : '',
    nomineeName: order.nomineeName,
    nomineePhone: order.nomineePhone,
    eligibility,
    eligibilityMessage: eligibilityMessages[eligibility],
    clientOnline,
    pickup: latest ? await toPickupRecord(db, latest) : null,
  };
}

/** The payload both ends see for an open request. */
export async function toPickupRequest(db: DbOrTx, row: PickupRow, order: OrderRow): Promise<PickupRequest> {
  const [items, staff] = await Promise.all([loadItems(db, order.id), staffName(db, row.staffId)]);
  return pickupRequestOf(row, order, items, staff);
}

/** toPickupRequest from its parts already read (a statement that read them with the request). */
export function pickupRequestOf(row: PickupRow, order: OrderRow, items: PickupItem[], staff: string): PickupRequest {
  return {
    pickupId: row.id,
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    total: order.total,
    items,
    deliveryOption: order.deliveryOption,
    nomineeName: order.nomineeName,
    staffName: staff,
  };
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | null> {
  return findOrderById(db, orderId);
}

export const isEligible = (order: OrderRow) => pickupEligibility(order) === PickupEligibilityStatus.Eligible;
