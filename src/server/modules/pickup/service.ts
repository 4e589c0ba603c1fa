import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  DeliveryOption,
  OrderPickUpDispute,
  OrderStatus,
  PaymentStatus,
  type PickupAttemptStatus,
  PickupEligibilityStatus,
} from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { canTransition } from '../../../domain/lifecycles/lifecycle';
import { orderLifecycle } from '../../../domain/lifecycles/order';
import { pickupLifecycle } from '../../../domain/lifecycles/pickup';
import { pickupEligibility } from '../../../domain/pickup-eligibility';
import type {
  ClientEventPayload,
  PickupRequest,
  PickupTimings,
  ServerEventPayload,
} from '../../../domain/realtime-events';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { PickupItem } from '../../../domain/schemas/pickup';
import { scopeOf, staffRoutes } from '../../../domain/staff-scopes';
import type { DbOrTx } from '../../db/client';
import { hasSqlState, UNIQUE_VIOLATION } from '../../db/sql-state';
import { rawStatement, rowMapper, statement, value } from '../../db/statement';
import type { StaffContext } from '../../plugins/session';
import { findCenter } from '../centers';
import { notifySql } from '../notification';
import {
  findClientOrder,
  findOrderById,
  findOrderNumbersByIds,
  type OrderRow,
  orderForUpdateSql,
  orderItemsSummaryOf,
  pickedUpCtes,
  setOrderPickupOutcome,
  toOrderRow,
} from '../order';
import { staffClientIdOf, staffDisplayNameOf } from '../staff';
import { eligibilityMessages, OPEN_PICKUP_STATUSES, pickupRequestOf, toPickupRequest } from './order-view';
import { type AttemptMethod, type PickupRow, pickupAttempts, pickups } from './tables';

// The pickup flows, database only: each answers what happened, and the channel (channel.ts)
// turns that into events. Every change that matters runs in one transaction with the order row
// locked first, then the pickup row (always in that order, so two flows never deadlock).

export type RefusalEvent =
  | 'StaffCheckError'
  | 'orderNotFound'
  | 'PickupEligibilityStatus'
  | 'OrderAlreadyPickup'
  | 'staffApproveOwnOrder'
  | 'duplicatedRequest'
  | 'staffBusy'
  | 'requestConfirmationError'
  | 'ClientRequestCancelled'
  | 'pickupError';

export type Refusal = {
  [E in RefusalEvent]: { ok: false; event: E; payload: ServerEventPayload<E> };
}[RefusalEvent];

const refuse = <E extends RefusalEvent>(event: E, payload: ServerEventPayload<E>) =>
  ({ ok: false, event, payload }) as Refusal;

/** The status and error type each refusal answers over HTTP. */
const refusalHttp: Record<RefusalEvent, { status: number; type: ErrorType }> = {
  StaffCheckError: { status: 403, type: ErrorType.Forbidden },
  staffApproveOwnOrder: { status: 403, type: ErrorType.Forbidden },
  orderNotFound: { status: 404, type: ErrorType.NotFound },
  OrderAlreadyPickup: { status: 409, type: ErrorType.OrderPickedUpAlready },
  PickupEligibilityStatus: { status: 409, type: ErrorType.Conflict },
  duplicatedRequest: { status: 409, type: ErrorType.Conflict },
  staffBusy: { status: 409, type: ErrorType.Conflict },
  ClientRequestCancelled: { status: 409, type: ErrorType.Conflict },
  requestConfirmationError: { status: 400, type: ErrorType.InvalidInput },
  pickupError: { status: 404, type: ErrorType.NotFound },
};

/** The HTTP face of a refusal: the same facts as an error object. */
export function refusalToAppError(refusal: Refusal): AppError {
  const info = { event: refusal.event, ...refusal.payload };
  // The staff member may hand orders over, only not this one here: a conflict with where they stand.
  const http =
    refusal.event === 'StaffCheckError' && refusal.payload.reason === 'OtherCenter'
      ? { status: 409, type: ErrorType.Conflict }
      : refusalHttp[refusal.event];
  return new AppError(refusal.payload.message, { ...http, additionalInfo: info });
}

const openStatus = inArray(pickups.status, [...OPEN_PICKUP_STATUSES]);

const isUniqueViolation = (err: unknown) => hasSqlState(err, UNIQUE_VIOLATION);

export async function recordAttempt(
  db: DbOrTx,
  values: {
    orderId: string | null;
    pickupId?: string | null;
    staffId: string | null;
    method: AttemptMethod;
    status: PickupAttemptStatus;
    reason?: string | null;
    presented?: string | null;
  },
): Promise<void> {
  await insertAttempt.run(db, {
    ...values,
    pickupId: values.pickupId ?? null,
    reason: values.reason ?? null,
    presented: values.presented ? values.presented.slice(0, 24) : null,
  });
}

// The statements every confirmation runs, built once (db/statement.ts).
const insertAttempt = statement('pickup_insert_attempt', (db) =>
  db.insert(pickupAttempts).values({
    orderId: value('orderId'),
    pickupId: value('pickupId'),
    staffId: value('staffId'),
    method: value('method'),
    status: value('status'),
    reason: value('reason'),
    presented: value('presented'),
  }),
);
/** One read for both slots: the order's open request and this staff's (each is unique, by index). */
const openSlots = statement('pickup_open_slots', (db) =>
  db
    .select({ id: pickups.id, orderId: pickups.orderId, staffId: pickups.staffId })
    .from(pickups)
    .where(and(openStatus, or(eq(pickups.orderId, value('orderId')), eq(pickups.staffId, value('staffId'))))),
);
/** The CTE that records a new request's attempt ("pending: requested") from the CTE `created`. */
const requestAttempt = sql`attempt as (
    insert into ${pickupAttempts} (order_id, pickup_id, staff_id, method, status, reason)
    select order_id, id, staff_id, 'request', 'pending', 'requested' from created
  )`;
/** A new request and its attempt, in one statement. */
const insertPickup = rawStatement<{ row: Record<string, unknown> }>(
  'pickup_insert',
  sql`with created as (
    insert into ${pickups} (order_id, client_id, staff_id, shift_id, nominee_verified, requested_at, expires_at)
    values (${value('orderId')}::uuid, ${value('clientId')}::uuid, ${value('staffId')}::uuid, ${value('shiftId')}::uuid,
            ${value('nomineeVerified')}::boolean, ${value('requestedAt')}::timestamptz, ${value('expiresAt')}::timestamptz)
    returning *
  ), ${requestAttempt}
  select row_to_json(created) as row from created`,
);
const toPickupRow = rowMapper(pickups);

/**
 * Closes one request (Cancelled, with why) and records the attempt that closed it, in the same
 * transaction: a closed request always has its line in the history.
 */
async function closeRequest(
  tx: DbOrTx,
  row: PickupRow,
  close: { closeReason: string; at: Date; responded?: boolean },
  attempt: Omit<Parameters<typeof recordAttempt>[1], 'pickupId'>,
): Promise<PickupRow> {
  const [closed] = await tx
    .update(pickups)
    .set({
      status: 'Cancelled',
      closeReason: close.closeReason,
      ...(close.responded ? { respondedAt: close.at } : {}),
      completedAt: close.at,
    })
    .where(eq(pickups.id, row.id))
    .returning();
  await recordAttempt(tx, { ...attempt, pickupId: row.id });
  return closed ?? row;
}
/**
 * pickupEligibility's Eligible, in SQL, of the order row `o`: the request's and the approval's
 * one-statement paths (tests/server/pickup-writes.test.ts checks it on every verdict).
 */
const orderMayBeHandedOver = sql`not o.is_delivered and o.payment_status = ${PaymentStatus.Success}
      and o.status not in (${OrderStatus.Delivered}, ${OrderStatus.Cancelled})
      and o.pickup_dispute = ${OrderPickUpDispute.None}`;
/**
 * A request in one statement, the common case: the order locked first, then — when it may be
 * handed over (pickupEligibility's rules), is not the staff member's own, is collected at the
 * center of their shift, has its nominee's ID checked where there is one, and neither the order
 * nor the staff member has an open request — the pickup and its attempt written. Anything else
 * writes nothing, and the step-by-step transaction decides and records the refusal. A request
 * racing another for the same slot is caught by the one-open-request indexes, as on the
 * step-by-step path. The order's items and the staff member's name, which both ends are shown,
 * come with it. Values: orderId, actorClientId, centerId, staffId, shiftId, nomineeVerified,
 * requestedAt, expiresAt.
 */
const requestInOne = rawStatement<{
  order: Record<string, unknown> | null;
  pickup: Record<string, unknown> | null;
  items: PickupItem[] | null;
  staffName: string | null;
}>(
  'pickup_request_in_one',
  sql`with o as materialized (${orderForUpdateSql(sql`${value('orderId')}::uuid`)}),
  created as (
    insert into ${pickups} (order_id, client_id, staff_id, shift_id, nominee_verified, requested_at, expires_at)
    select o.id, o.client_id, ${value('staffId')}::uuid, ${value('shiftId')}::uuid, ${value('nomineeVerified')}::boolean,
      ${value('requestedAt')}::timestamptz, ${value('expiresAt')}::timestamptz
    from o
    where o.client_id <> ${value('actorClientId')}::uuid
      and o.center_id = ${value('centerId')}::uuid
      and ${orderMayBeHandedOver}
      and (o.delivery_option <> ${DeliveryOption.PickUpBySomeOne} or ${value('nomineeVerified')}::boolean)
      and not exists (
        select 1 from ${pickups} where ${openStatus} and (${pickups.orderId} = o.id or ${pickups.staffId} = ${value('staffId')}::uuid)
      )
    returning *
  ), ${requestAttempt}
  select (select row_to_json(o) from o) as order, (select row_to_json(created) from created) as pickup,
    (select ${orderItemsSummaryOf(sql`o.id`)} from o) as items,
    ${staffDisplayNameOf(sql`${value('staffId')}::uuid`)} as "staffName"`,
);
/** A client's pickup: its order, and the staff member who asked (credited with an approval). */
const pickupHead = statement('pickup_head', (db) =>
  db
    .select({ orderId: pickups.orderId, staffClientId: staffClientIdOf(pickups.staffId) })
    .from(pickups)
    .where(and(eq(pickups.id, value('pickupId')), eq(pickups.clientId, value('clientId')))),
);
const pickupForUpdate = statement('pickup_for_update', (db) =>
  db
    .select()
    .from(pickups)
    .where(eq(pickups.id, value('pickupId')))
    .for('update'),
);
/**
 * The owner's approval, in one statement: the order Delivered with its step (the order area's
 * CTEs), the client told, the pickup Completed with its attempt ("success: Approve"). The pickup
 * changes only when the order did. Values: orderId, pickupId, at, note, actorClientId.
 */
const approvalCtes = (orderId: SQL, actorClientId?: SQL) => sql`${pickedUpCtes(orderId, actorClientId)}, told as (
    ${notifySql(
      sql`${NotificationKind.PickedUp}`,
      sql`select client_id, 'picked-up:' || id::text as key, json_build_object('orderNumber', order_number) as data
      from delivered`,
    )}
  ), done as (
    update ${pickups} set status = 'Completed', confirmation_action = 'Approve', handover_method = 'ClientApp',
      responded_at = ${value('at')}::timestamptz, completed_at = ${value('at')}::timestamptz, updated_at = ${value('at')}::timestamptz
    where id = ${value('pickupId')}::uuid and exists (select 1 from delivered)
    returning *
  ), attempt as (
    insert into ${pickupAttempts} (order_id, pickup_id, staff_id, method, status, reason)
    select order_id, id, staff_id, 'response', 'success', 'Approve' from done
  )`;
const approvedRows = sql`select (select row_to_json(delivered) from delivered) as order, (select row_to_json(done) from done) as pickup`;
type ApprovedRows = { order: Record<string, unknown> | null; pickup: Record<string, unknown> | null };
const approvePickup = rawStatement<ApprovedRows>(
  'pickup_approve',
  sql`with ${approvalCtes(sql`${value('orderId')}::uuid`)} ${approvedRows}`,
);
/**
 * The owner's approval in one statement, the common case (approvePickup's change, and the locks
 * and checks of the step-by-step path before it): the pickup's order locked first, then the
 * pickup; when the pickup is the client's, still open and not expired, and the order may be
 * handed over, the approval is written and credited to the staff member who asked. Anything else
 * writes nothing, and the step-by-step transaction decides and records the outcome. Values:
 * pickupId, clientId, at, note.
 */
const approveInOne = rawStatement<ApprovedRows>(
  'pickup_approve_in_one',
  sql`with o as materialized (${orderForUpdateSql(
    sql`(select h.order_id from ${pickups} h where h.id = ${value('pickupId')}::uuid and h.client_id = ${value('clientId')}::uuid)`,
  )}), p as materialized (
    select * from ${pickups} where id = ${value('pickupId')}::uuid and exists (select 1 from o) for update
  ), ok as materialized (
    select o.id, ${staffClientIdOf(sql`p.staff_id`)} as actor from o join p on p.order_id = o.id
    where p.client_id = ${value('clientId')}::uuid and p.status in (${sql.join(
      OPEN_PICKUP_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )})
      and p.expires_at > ${value('at')}::timestamptz and ${orderMayBeHandedOver}
  ), ${approvalCtes(sql`(select id from ok)`, sql`coalesce((select actor from ok), ${value('clientId')}::uuid)`)}
  ${approvedRows}`,
);

/** Attempt status for a verdict: eligible orders are pending a confirmation, the rest blocked. */
export const attemptStatusFor = (verdict: PickupEligibilityStatus): PickupAttemptStatus =>
  verdict === PickupEligibilityStatus.Eligible
    ? 'pending'
    : verdict === PickupEligibilityStatus.Error
      ? 'invalid'
      : 'blocked';

/** A staff member on a shift, or why not. */
export function checkStaff(member: StaffContext | null): Refusal | { ok: true; staff: StaffContext } {
  if (!member) return refuse('StaffCheckError', { reason: 'NotStaff', message: 'Only staff can hand over orders.' });
  if (!member.isCurrentStaff)
    return refuse('StaffCheckError', { reason: 'NotCurrentStaff', message: 'You are no longer staff.' });
  // The socket's twin of the pickup desk's calls answers to the same entry of the scopes table.
  if (!scopeOf(staffRoutes['POST /api/pickup/verify'], member, true)) {
    return refuse('StaffCheckError', { reason: 'MissingAccess', message: 'Hand-overs are for the counter.' });
  }
  if (!member.shiftId) return refuse('StaffCheckError', { reason: 'NoActiveShift', message: 'Start a shift first.' });
  return { ok: true, staff: member };
}

/**
 * When the order is collected at (or delivered from) another gas center than the one of the staff
 * member's shift: that center, and the sentence the counter reads; null when it is theirs. The
 * counter hands over only its own center's orders.
 */
export async function otherCenterOf(
  db: DbOrTx,
  member: StaffContext,
  order: Pick<OrderRow, 'centerId' | 'deliveryOption'>,
): Promise<{ centerId: string; centerName: string; message: string } | null> {
  if (!member.shiftCenterId || order.centerId === member.shiftCenterId) return null;
  const center = await findCenter(db, order.centerId);
  const where = center ? `${center.name}, ${center.address}` : 'another gas center';
  const how = order.deliveryOption === DeliveryOption.HomeDelivery ? 'delivered from' : 'collected at';
  return {
    centerId: order.centerId,
    centerName: center?.name ?? '',
    message: `This order is ${how} ${where}, not at the gas center of your shift.`,
  };
}

/** The HTTP refusal of an order of another center than the staff member's shift (409, naming where it is). */
export function otherCenterError(
  order: Pick<OrderRow, 'orderNumber'>,
  elsewhere: NonNullable<Awaited<ReturnType<typeof otherCenterOf>>>,
): AppError {
  return new AppError(elsewhere.message, {
    status: 409,
    type: ErrorType.Conflict,
    additionalInfo: {
      reason: 'OtherCenter',
      orderNumber: order.orderNumber,
      centerId: elsewhere.centerId,
      centerName: elsewhere.centerName,
    },
  });
}

/**
 * What the counter that just found `order` may do at once, with nothing for the staff to check
 * first (the owner collects it themselves, it is eligible, it is not the staff member's own):
 * `ask` its owner when neither the order nor this staff member has a request open, or go on
 * `waiting` when the open request is this staff member's own for this order (a desk reloaded
 * while it waits). Anything else (null) is left to the desk's own "ask" step, which explains
 * the refusal.
 */
export async function atOnceFor(
  db: DbOrTx,
  order: OrderRow,
  member: StaffContext,
  actorClientId: string,
): Promise<'ask' | 'waiting' | null> {
  if (order.deliveryOption !== DeliveryOption.PickerUP || order.clientId === actorClientId) return null;
  if (ineligibility(order)) return null;
  const open = await openSlots.run(db, { orderId: order.id, staffId: member.id });
  if (open.length === 0) return 'ask';
  return open.length === 1 && open[0]?.orderId === order.id && open[0].staffId === member.id ? 'waiting' : null;
}

/** The refusal for an order that is not eligible, or null when it is. */
export function ineligibility(order: OrderRow): Refusal | null {
  const verdict = pickupEligibility(order);
  if (verdict === PickupEligibilityStatus.Eligible) return null;
  if (verdict === PickupEligibilityStatus.AlreadyPickedUp) {
    return refuse('OrderAlreadyPickup', {
      orderId: order.id,
      orderNumber: order.orderNumber,
      deliveredAt: order.deliveredAt?.toISOString() ?? null,
      message: `Order ${order.orderNumber} was already picked up.`,
    });
  }
  return refuse('PickupEligibilityStatus', {
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: verdict,
    message: eligibilityMessages[verdict],
  });
}

export type RequestResult = { ok: true; row: PickupRow; order: OrderRow; request: PickupRequest };

/**
 * A staff member asks the owner to confirm. Refused when the staff is not on a shift, the order
 * is missing, theirs, not eligible, already has an open request (any counter) or the staff has
 * one open for another order. Every try is recorded as an attempt.
 */
export async function requestConfirmation(
  db: DbOrTx,
  timings: PickupTimings,
  actor: { clientId: string; staff: StaffContext | null },
  input: ClientEventPayload<'requestConfirmationStaff'>,
  retried = false,
): Promise<RequestResult | Refusal> {
  const check = checkStaff(actor.staff);
  if (!check.ok) return check;
  const member = check.staff;
  // The new request's values, asked now.
  const requested = () => {
    const now = new Date();
    return {
      staffId: member.id,
      shiftId: member.shiftId,
      nomineeVerified: input.nomineeVerified === true,
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + timings.confirmationTimeoutMs).toISOString(),
    };
  };
  try {
    if (!retried) {
      const [one] = await requestInOne.run(db, {
        orderId: input.orderId,
        actorClientId: actor.clientId,
        centerId: member.shiftCenterId,
        ...requested(),
      });
      if (one?.pickup && one.order) {
        const row = toPickupRow(one.pickup);
        const order = toOrderRow(one.order);
        return {
          ok: true,
          row,
          order,
          request: pickupRequestOf(row, order, one.items ?? [], one.staffName ?? 'Staff'),
        };
      }
    }
    const stored = await db.transaction(async (tx): Promise<Omit<RequestResult, 'request'> | Refusal> => {
      const order = await findOrderById(tx, input.orderId, { lock: true });
      const attempt = (status: PickupAttemptStatus, reason: string, pickupId?: string) =>
        recordAttempt(tx, {
          orderId: order?.id ?? null,
          pickupId,
          staffId: member.id,
          method: 'request',
          status,
          reason,
        });
      if (!order) {
        await attempt('invalid', 'orderNotFound');
        return refuse('orderNotFound', { orderId: input.orderId, message: 'No order with this id.' });
      }
      const elsewhere = await otherCenterOf(tx, member, order);
      if (elsewhere) {
        await attempt('blocked', 'OtherCenter');
        return refuse('StaffCheckError', { reason: 'OtherCenter', orderId: order.id, message: elsewhere.message });
      }
      if (order.clientId === actor.clientId) {
        await attempt('blocked', 'staffApproveOwnOrder');
        return refuse('staffApproveOwnOrder', {
          orderId: order.id,
          message: 'You cannot hand over your own order: ask a colleague.',
        });
      }
      const notEligible = ineligibility(order);
      if (notEligible) {
        await attempt(
          'blocked',
          notEligible.event === 'PickupEligibilityStatus' ? notEligible.payload.status : notEligible.event,
        );
        return notEligible;
      }
      if (order.deliveryOption === 'PickUpBySomeOne' && !input.nomineeVerified) {
        await attempt('blocked', 'NomineeNotVerified');
        return refuse('requestConfirmationError', {
          orderId: order.id,
          message: `Check the ID of ${order.nomineeName ?? 'the nominated person'} first, then confirm it.`,
        });
      }
      const openRows = await openSlots.run(tx, { orderId: order.id, staffId: member.id });
      const open = openRows.find((r) => r.orderId === order.id);
      if (open) {
        await attempt('blocked', 'duplicatedRequest', open.id);
        const sameStaff = open.staffId === member.id;
        return refuse('duplicatedRequest', {
          orderId: order.id,
          pickupId: open.id,
          sameStaff,
          message: sameStaff
            ? 'You already asked this client; waiting for their answer.'
            : 'This order is being handed over at another counter.',
        });
      }
      const busyRow = openRows.find((r) => r.staffId === member.id);
      if (busyRow) {
        const numbers = await findOrderNumbersByIds(tx, [busyRow.orderId]);
        const busy = { id: busyRow.id, orderNumber: numbers.get(busyRow.orderId) ?? '' };
        await attempt('blocked', 'staffBusy', busy.id);
        return refuse('staffBusy', {
          orderId: order.id,
          pendingPickupId: busy.id,
          pendingOrderNumber: busy.orderNumber,
          message: `Finish or cancel the request for order ${busy.orderNumber} first.`,
        });
      }
      const [created] = await insertPickup.run(tx, { orderId: order.id, clientId: order.clientId, ...requested() });
      if (!created) throw new Error('the pickup request was not stored');
      return { ok: true as const, row: toPickupRow(created.row), order };
    });
    if (!stored.ok) return stored;
    // What the client is shown is read after the commit, so the order's lock is held no longer.
    return { ...stored, request: await toPickupRequest(db, stored.row, stored.order) };
  } catch (err) {
    // Another request won the race for this staff's one open slot (or the order's): the second
    // look sees it committed and refuses with the precise event.
    if (isUniqueViolation(err) && !retried) return requestConfirmation(db, timings, actor, input, true);
    throw err;
  }
}

export type RespondResult =
  | { ok: true; kind: 'approved'; row: PickupRow; order: OrderRow }
  | { ok: true; kind: 'rejected'; row: PickupRow; order: OrderRow }
  /** The same decision again (a retry): nothing changes, the first answer stands. */
  | { ok: true; kind: 'repeated'; row: PickupRow; order: OrderRow }
  | { ok: false; kind: 'ineligible'; row: PickupRow; order: OrderRow; refusal: Refusal }
  | Refusal;

/**
 * Locks an order and then one of its pickups, always in that order (the order first, as the
 * approval does), so two transactions on the same pickup never deadlock.
 */
async function lockPickupAndOrder(tx: DbOrTx, orderId: string, pickupId: string) {
  const order = await findOrderById(tx, orderId, { lock: true });
  const [row] = await pickupForUpdate.run(tx, { pickupId });
  if (!order || !row) throw new Error('the pickup lost its order');
  return { order, row };
}

const approvedNote = 'Picked up at the counter; confirmed by the client';

/**
 * The owner's answer. Approval marks the order Delivered exactly once: the order row is locked,
 * its eligibility checked again, and the order and the pickup change in one transaction.
 */
export async function respondToRequest(
  db: DbOrTx,
  clientId: string,
  input: ClientEventPayload<'pickupConfirmationResponse'>,
): Promise<RespondResult> {
  if (input.action === 'Approve') {
    const [one] = await approveInOne.run(db, {
      pickupId: input.pickupId,
      clientId,
      at: new Date().toISOString(),
      note: approvedNote,
    });
    if (one?.order && one.pickup) {
      return { ok: true, kind: 'approved', row: toPickupRow(one.pickup), order: toOrderRow(one.order) };
    }
  }
  const [head] = await pickupHead.run(db, { pickupId: input.pickupId, clientId });
  if (!head) {
    return refuse('pickupError', {
      event: 'pickupConfirmationResponse',
      pickupId: input.pickupId,
      message: 'No such pickup request.',
    });
  }
  // The staff member an approval credits: a pickup's staff never changes, so this is read with the
  // pickup, before the locks are taken rather than while they are held.
  const handedOverBy = head.staffClientId ?? undefined;
  return db.transaction(async (tx): Promise<RespondResult> => {
    const { order, row } = await lockPickupAndOrder(tx, head.orderId, input.pickupId);
    const ref = { pickupId: row.id, orderId: order.id, orderNumber: order.orderNumber };
    const wanted = input.action === 'Approve' ? 'Completed' : 'ClientReject';
    if (row.status === wanted) return { ok: true, kind: 'repeated', row, order };
    if (!canTransition(pickupLifecycle, row.status, wanted, 'client')) {
      return refuse('ClientRequestCancelled', {
        ...ref,
        reason:
          row.closeReason === 'Expired'
            ? 'Expired'
            : row.closeReason === 'StaffRejected'
              ? 'StaffRejected'
              : 'StaffCancelled',
        message: 'This request is closed; the counter can ask again.',
      });
    }
    const now = new Date();
    if (row.expiresAt.getTime() <= now.getTime()) {
      const closed = await closeRequest(
        tx,
        row,
        { closeReason: 'Expired', at: now },
        { orderId: order.id, staffId: row.staffId, method: 'response', status: 'expired', reason: 'Expired' },
      );
      return refuse('ClientRequestCancelled', {
        ...ref,
        pickupId: closed.id,
        reason: 'Expired',
        message: 'This request expired; the counter can ask again.',
      });
    }
    if (input.action === 'Approve') {
      const refusal = ineligibility(order);
      if (refusal) {
        const closed = await closeRequest(
          tx,
          row,
          { closeReason: refusal.event, at: now, responded: true },
          { orderId: order.id, staffId: row.staffId, method: 'response', status: 'blocked', reason: refusal.event },
        );
        return { ok: false, kind: 'ineligible', row: closed, order, refusal };
      }
      // The hand-over is the staff member's act (sales per staff count it); the client confirmed it.
      const [approved] = await approvePickup.run(tx, {
        orderId: order.id,
        pickupId: row.id,
        at: now.toISOString(),
        note: approvedNote,
        actorClientId: handedOverBy ?? clientId,
      });
      if (!approved?.order || !approved.pickup) throw new Error('the order changed under its lock');
      return { ok: true, kind: 'approved', row: toPickupRow(approved.pickup), order: toOrderRow(approved.order) };
    }
    const dispute = input.dispute ?? null;
    const orderRefused = canTransition(orderLifecycle, order.status, OrderStatus.ClientRejectPickup, 'client');
    const [rejected] = await tx
      .update(pickups)
      .set({ status: 'ClientReject', confirmationAction: 'Rejected', respondedAt: now, completedAt: now, dispute })
      .where(eq(pickups.id, row.id))
      .returning();
    if (!rejected) throw new Error('the pickup changed under its lock');
    const updatedOrder = await setOrderPickupOutcome(tx, order, {
      status: orderRefused ? OrderStatus.ClientRejectPickup : undefined,
      pickupDispute: dispute && order.pickupDispute === OrderPickUpDispute.None ? dispute : order.pickupDispute,
      event: {
        note: dispute ? `The client refused the pickup: ${dispute}` : 'The client refused the pickup',
        actorClientId: clientId,
        at: now,
      },
    });
    await recordAttempt(tx, {
      orderId: order.id,
      pickupId: row.id,
      staffId: row.staffId,
      method: 'response',
      status: 'failed',
      reason: dispute ?? 'Rejected',
    });
    return { ok: true, kind: 'rejected', row: rejected, order: updatedOrder ?? order };
  });
}

export type CancelResult = { ok: true; changed: boolean; row: PickupRow; order: OrderRow } | Refusal;

/** The staff withdraws their request, or refuses the hand-over ('reject'). A second call changes nothing. */
export async function cancelRequest(
  db: DbOrTx,
  member: StaffContext,
  staffClientId: string,
  input: ClientEventPayload<'StaffCancelRequest'>,
): Promise<CancelResult> {
  const [head] = await db
    .select({ orderId: pickups.orderId })
    .from(pickups)
    .where(and(eq(pickups.id, input.pickupId), eq(pickups.staffId, member.id)));
  if (!head) {
    return refuse('pickupError', {
      event: 'StaffCancelRequest',
      pickupId: input.pickupId,
      message: 'No such request of yours.',
    });
  }
  return db.transaction(async (tx): Promise<CancelResult> => {
    const { order, row } = await lockPickupAndOrder(tx, head.orderId, input.pickupId);
    if (!canTransition(pickupLifecycle, row.status, 'Cancelled', 'staff'))
      return { ok: true, changed: false, row, order };
    const now = new Date();
    const reject = input.reason === 'reject';
    const closeReason = reject ? 'StaffRejected' : 'StaffCancelled';
    const closed = await closeRequest(
      tx,
      row,
      { closeReason, at: now },
      { orderId: order.id, staffId: member.id, method: 'request', status: 'failed', reason: closeReason },
    );
    let current = order;
    if (reject && canTransition(orderLifecycle, order.status, OrderStatus.StaffRejectPickup, 'staff')) {
      const updated = await setOrderPickupOutcome(tx, order, {
        status: OrderStatus.StaffRejectPickup,
        event: { note: 'The counter refused the hand-over', actorClientId: staffClientId, at: now },
      });
      current = updated ?? order;
    }
    return { ok: true, changed: true, row: closed, order: current };
  });
}

export type DisputeResult = { order: OrderRow; closed: PickupRow | null; changed: boolean };

/**
 * Raises a dispute on an order (SomeOneElseClaim, InvalidPickup), by its owner or by a staff
 * member. It closes any open request: the order is no longer eligible until the dispute is settled.
 */
export async function raiseDispute(
  db: DbOrTx,
  by: { clientId: string; asOwner: boolean; staffId: string | null },
  orderId: string,
  dispute: 'SomeOneElseClaim' | 'InvalidPickup',
  note?: string,
): Promise<DisputeResult> {
  return db.transaction(async (tx) => {
    const order = by.asOwner
      ? await findClientOrder(tx, by.clientId, orderId, { lock: true })
      : await findOrderById(tx, orderId, { lock: true });
    if (!order) throw new AppError('No such order', { status: 404, type: ErrorType.NotFound });
    if (order.pickupDispute === dispute) return { order, closed: null, changed: false };
    if (order.pickupDispute !== OrderPickUpDispute.None) {
      throw new AppError(`This order already has a dispute (${order.pickupDispute})`, {
        status: 409,
        type: ErrorType.Conflict,
        additionalInfo: { pickupDispute: order.pickupDispute },
      });
    }
    const now = new Date();
    const updated = await setOrderPickupOutcome(tx, order, { pickupDispute: dispute });
    const [closed] = await tx
      .update(pickups)
      .set({ status: 'Cancelled', closeReason: 'Dispute', dispute, completedAt: now })
      .where(and(eq(pickups.orderId, order.id), openStatus))
      .returning();
    await recordAttempt(tx, {
      orderId: order.id,
      pickupId: closed?.id ?? null,
      staffId: by.staffId,
      method: by.asOwner ? 'response' : 'request',
      status: 'blocked',
      reason: `${dispute}${note ? `: ${note.slice(0, 200)}` : ''}`,
    });
    return { order: updated ?? order, closed: closed ?? null, changed: true };
  });
}

/** Staff: check that the client's phone still answers. The answer (or its absence) is in the row. */
export async function startPing(db: DbOrTx, staffId: string, pickupId: string): Promise<PickupRow | null> {
  const pingId = randomUUID();
  const [row] = await db
    .update(pickups)
    .set({ pingId, pingSentAt: new Date(), pingAnsweredAt: null })
    .where(and(eq(pickups.id, pickupId), eq(pickups.staffId, staffId), openStatus))
    .returning();
  return row ?? null;
}

export async function answerPing(
  db: DbOrTx,
  clientId: string,
  input: ClientEventPayload<'pingClientResponse'>,
): Promise<PickupRow | null> {
  const now = new Date();
  const [row] = await db
    .update(pickups)
    .set({ pingAnsweredAt: now, clientSeenAt: now })
    .where(
      and(
        eq(pickups.id, input.pickupId),
        eq(pickups.clientId, clientId),
        eq(pickups.pingId, input.pingId),
        isNull(pickups.pingAnsweredAt),
        openStatus,
      ),
    )
    .returning();
  return row ?? null;
}

/** The prompt is on the client's screen: the request is now InProgress. */
export async function markSeen(db: DbOrTx, clientId: string, pickupId: string): Promise<PickupRow | null> {
  const [row] = await db
    .update(pickups)
    .set({ clientSeenAt: new Date(), status: 'InProgress' })
    .where(and(eq(pickups.id, pickupId), eq(pickups.clientId, clientId), openStatus))
    .returning();
  return row ?? null;
}

export async function openPickupsOfClient(db: DbOrTx, clientId: string): Promise<PickupRow[]> {
  return db
    .select()
    .from(pickups)
    .where(and(eq(pickups.clientId, clientId), openStatus));
}

export async function openPickupOfClient(db: DbOrTx, clientId: string, pickupId: string): Promise<PickupRow | null> {
  const [row] = await db
    .select()
    .from(pickups)
    .where(and(eq(pickups.id, pickupId), eq(pickups.clientId, clientId), openStatus));
  return row ?? null;
}

/** Sets the confirmation action of the client's open requests from `from` to `to`; answers the changed rows. */
export async function setPresence(
  db: DbOrTx,
  clientId: string,
  from: 'Pending' | 'ClientOffLine',
  to: 'Pending' | 'ClientOffLine',
  pickupId?: string,
): Promise<PickupRow[]> {
  return db
    .update(pickups)
    .set({ confirmationAction: to })
    .where(
      and(
        eq(pickups.clientId, clientId),
        openStatus,
        eq(pickups.confirmationAction, from),
        pickupId ? eq(pickups.id, pickupId) : undefined,
      ),
    )
    .returning();
}

export type SweepResult = {
  delayed: PickupRow[];
  warned: PickupRow[];
  unanswered: PickupRow[];
  expired: PickupRow[];
};

/**
 * The deadlines of every open request, checked against the database. Each notice is claimed by
 * a conditional update, so with several instances sweeping, exactly one sends it.
 */
export async function sweepDeadlines(db: DbOrTx, timings: PickupTimings, now = new Date()): Promise<SweepResult> {
  const ms = (n: number) => new Date(now.getTime() - n);
  // Each step claims the open requests that match, marking them as `set` says.
  const claim = (set: PgUpdateSetSource<typeof pickups>, ...conditions: SQL[]) =>
    db
      .update(pickups)
      .set(set)
      .where(and(openStatus, ...conditions))
      .returning();
  const expired = await claim(
    { status: 'Cancelled', closeReason: 'Expired', completedAt: now },
    lte(pickups.expiresAt, now),
  );
  for (const row of expired) {
    await recordAttempt(db, {
      orderId: row.orderId,
      pickupId: row.id,
      staffId: row.staffId,
      method: 'response',
      status: 'expired',
      reason: row.confirmationAction === 'ClientOffLine' ? 'ClientOffLine' : 'NoAnswer',
    });
  }
  const delayed = await claim(
    { delayNotifiedAt: now },
    isNull(pickups.delayNotifiedAt),
    lte(pickups.requestedAt, ms(timings.clientDelayMs)),
    gt(pickups.expiresAt, now),
  );
  const warnAt = new Date(now.getTime() + timings.cancelWarningBeforeMs);
  const warned = await claim(
    { warnedAt: now },
    isNull(pickups.warnedAt),
    lte(pickups.expiresAt, warnAt),
    gt(pickups.expiresAt, now),
  );
  const unanswered = await claim(
    { pingId: null },
    isNotNull(pickups.pingId),
    isNull(pickups.pingAnsweredAt),
    lte(pickups.pingSentAt, ms(timings.pingTimeoutMs)),
  );
  return { delayed, warned, unanswered, expired };
}

/** Order numbers for a set of rows, for event payloads. */
export async function orderNumbers(db: DbOrTx, orderIds: string[]): Promise<Map<string, string>> {
  return findOrderNumbersByIds(db, orderIds);
}
