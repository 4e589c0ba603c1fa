import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HandoverMethod } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { canApproveHandover } from '../../../domain/handover';
import type { DbOrTx } from '../../db/client';
import type { StaffContext } from '../../plugins/session';
import { recordAudit } from '../audit';
import { issueHandoverCode, verifyHandoverCode } from '../auth';
import { findClientById } from '../client';
import { findOrderById, markOrderPickedUp, type OrderRow } from '../order';
import { findStaffClientId } from '../staff';
import { OPEN_PICKUP_STATUSES, staffName } from './order-view';
import {
  checkStaff,
  ineligibility,
  otherCenterError,
  otherCenterOf,
  type Refusal,
  recordAttempt,
  refusalToAppError,
} from './service';
import { type PickupRow, pickups } from './tables';

// Hand-over without the client's app (README: "Hand-over without data"). The owner's phone is
// offline or has no app: the counter texts the owner a one-time code and types what they read
// out, or a Shift Supervisor, Manager or CEO approves with a written reason. Either way the
// hand-over is the same single transaction as an approval on the app: the order row locked,
// eligibility checked again, the order Delivered and one pickup Completed, with its method.

type Actor = { clientId: string; staff: StaffContext | null };

const notApprover = () =>
  new AppError('You cannot approve a hand-over: ask your supervisor.', {
    status: 403,
    type: ErrorType.Forbidden,
    additionalInfo: { reason: 'NotApprover' },
  });

/**
 * Guard of POST /api/pickup/approve, run after requireStaff and before the body is read: who may
 * not approve is refused without learning anything about the route's input (and, like every
 * refusal before validation, it writes nothing).
 */
export const refuseNonApprover =
  () =>
  async (request: FastifyRequest): Promise<void> => {
    const member = request.staff;
    if (member && canApproveHandover(member)) return;
    throw notApprover();
  };

/**
 * The checks every way in shares: a staff on a shift, an order that exists, is collected at the
 * center of their shift, is not theirs and may be handed over.
 */
async function checkOrder(db: DbOrTx, actor: Actor, orderId: string, method: 'sms' | 'approval') {
  const check = checkStaff(actor.staff);
  if (!check.ok) throw refusalToAppError(check);
  const member = check.staff;
  const order = await findOrderById(db, orderId);
  if (!order) throw new AppError('No order with this id.', { status: 404, type: ErrorType.NotFound });
  const blocked = async (reason: string) =>
    recordAttempt(db, { orderId: order.id, staffId: member.id, method, status: 'blocked', reason });
  const elsewhere = await otherCenterOf(db, member, order);
  if (elsewhere) {
    await blocked('OtherCenter');
    throw otherCenterError(order, elsewhere);
  }
  if (order.clientId === actor.clientId) {
    await blocked('staffApproveOwnOrder');
    throw new AppError('You cannot hand over your own order: ask a colleague.', {
      status: 403,
      type: ErrorType.Forbidden,
      additionalInfo: { event: 'staffApproveOwnOrder' },
    });
  }
  const refusal = ineligibility(order);
  if (refusal) {
    await blocked(refusal.event === 'PickupEligibilityStatus' ? refusal.payload.status : refusal.event);
    throw refusalToAppError(refusal);
  }
  return { member, order };
}

function requireNominee(order: OrderRow, nomineeVerified: boolean | undefined) {
  if (order.deliveryOption === 'PickUpBySomeOne' && !nomineeVerified) {
    throw new AppError(`Check the ID of ${order.nomineeName ?? 'the nominated person'} first, then confirm it.`, {
      status: 400,
      type: ErrorType.InvalidInput,
      additionalInfo: { event: 'requestConfirmationError' },
    });
  }
}

/** The counter texts the owner a hand-over code for this order. */
export async function sendHandoverCode(app: FastifyInstance, actor: Actor, orderId: string) {
  const { member, order } = await checkOrder(app.db, actor, orderId, 'sms');
  const owner = await findClientById(app.db, order.clientId);
  if (!owner) throw new AppError('The order has no owner on record.', { status: 404, type: ErrorType.NotFound });
  const sent = await issueHandoverCode(
    { db: app.db, config: app.config, sms: app.sms.provider },
    {
      orderId: order.id,
      orderNumber: order.orderNumber,
      clientId: owner.id,
      phoneInternational: owner.phoneInternational,
      staffId: member.id,
    },
  );
  await recordAttempt(app.db, {
    orderId: order.id,
    staffId: member.id,
    method: 'sms',
    status: 'pending',
    reason: 'CodeSent',
  });
  return {
    orderId: order.id,
    sentTo: `•••${owner.phoneLocal.slice(-4)}`,
    expiresAt: sent.expiresAt.toISOString(),
    attemptsAllowed: sent.attemptsAllowed,
  };
}

export type HandoverDone = { row: PickupRow; order: OrderRow; closedRequest: PickupRow | null };

/** The associate types the code the owner read out; a right code hands the order over. */
export async function confirmHandoverCode(
  app: FastifyInstance,
  actor: Actor,
  input: { orderId: string; code: string; nomineeVerified?: boolean },
): Promise<HandoverDone> {
  const { member, order } = await checkOrder(app.db, actor, input.orderId, 'sms');
  requireNominee(order, input.nomineeVerified);
  try {
    await verifyHandoverCode({ db: app.db, config: app.config }, order.id, input.code);
  } catch (err) {
    await recordAttempt(app.db, {
      orderId: order.id,
      staffId: member.id,
      method: 'sms',
      status: 'invalid',
      reason: err instanceof AppError ? err.type : 'Error',
      presented: input.code,
    });
    throw err;
  }
  return handOver(app.db, member, actor.clientId, order.id, {
    method: HandoverMethod.SmsCode,
    nomineeVerified: input.nomineeVerified === true,
    note: 'Picked up at the counter; confirmed with a code texted to the client',
  });
}

/** A Shift Supervisor, Manager or CEO approves the hand-over, with a written reason. */
export async function approveHandover(
  app: FastifyInstance,
  actor: Actor,
  input: { orderId: string; reason: string; nomineeVerified?: boolean },
): Promise<HandoverDone> {
  // The route's guard (refuseNonApprover) already refused the others; this keeps the rule here too.
  if (actor.staff && !canApproveHandover(actor.staff)) throw notApprover();
  const { member, order } = await checkOrder(app.db, actor, input.orderId, 'approval');
  requireNominee(order, input.nomineeVerified);
  const reason = input.reason.trim();
  return handOver(app.db, member, actor.clientId, order.id, {
    method: HandoverMethod.SupervisorApproval,
    nomineeVerified: input.nomineeVerified === true,
    approvedBy: member.id,
    reason,
    note: `Picked up at the counter; approved by ${await staffName(app.db, member.id)}: ${reason}`.slice(0, 500),
  });
}

/**
 * The hand-over itself, once: under the order's row lock, eligibility again (a retry, or the app
 * approving at the same moment, finds the order already picked up and is refused), then the
 * order's open request is completed (the staff who asked hands it over), or a completed request
 * is written for this staff member.
 */
async function handOver(
  db: DbOrTx,
  member: StaffContext,
  memberClientId: string,
  orderId: string,
  how: {
    method: HandoverMethod;
    nomineeVerified: boolean;
    note: string;
    approvedBy?: string;
    reason?: string;
  },
): Promise<HandoverDone> {
  const outcome = await db.transaction(async (tx): Promise<HandoverDone | Refusal> => {
    const order = await findOrderById(tx, orderId, { lock: true });
    if (!order) throw new AppError('No order with this id.', { status: 404, type: ErrorType.NotFound });
    const refusal = ineligibility(order);
    if (refusal) return refusal;
    const [open] = await tx
      .select()
      .from(pickups)
      .where(and(eq(pickups.orderId, orderId), inArray(pickups.status, [...OPEN_PICKUP_STATUSES])))
      .for('update');
    const now = new Date();
    const done = {
      status: 'Completed' as const,
      handoverMethod: how.method,
      approvedByStaffId: how.approvedBy ?? null,
      approvalReason: how.reason ?? null,
      respondedAt: now,
      completedAt: now,
    };
    const [row] = open
      ? await tx
          .update(pickups)
          .set({ ...done, nomineeVerified: open.nomineeVerified || how.nomineeVerified })
          .where(eq(pickups.id, open.id))
          .returning()
      : await tx
          .insert(pickups)
          .values({
            ...done,
            orderId,
            clientId: order.clientId,
            staffId: member.id,
            shiftId: member.shiftId,
            nomineeVerified: how.nomineeVerified,
            requestedAt: now,
            expiresAt: now,
          })
          .returning();
    if (!row) throw new Error('the hand-over was not stored');
    const handedOverBy = await findStaffClientId(tx, row.staffId);
    const delivered = await markOrderPickedUp(tx, orderId, {
      note: how.note,
      actorClientId: handedOverBy ?? memberClientId,
      at: now,
    });
    if (!delivered) throw new Error('the order changed under its lock');
    await recordAttempt(tx, {
      orderId,
      pickupId: row.id,
      staffId: member.id,
      method: how.method === HandoverMethod.SmsCode ? 'sms' : 'approval',
      status: 'success',
      reason: how.method,
    });
    await recordAudit(tx, {
      staffId: member.id,
      action: how.approvedBy ? 'pickup.approval' : 'pickup.handover',
      subject: delivered.orderNumber,
      changes: {
        method: how.method,
        status: [order.status, delivered.status],
        nomineeVerified: row.nomineeVerified,
        ...(how.reason ? { reason: how.reason } : {}),
      },
    });
    return { row, order: delivered, closedRequest: open ?? null };
  });
  if ('event' in outcome) throw refusalToAppError(outcome);
  return outcome;
}
