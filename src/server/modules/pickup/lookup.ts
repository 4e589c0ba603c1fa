import type { FastifyInstance } from 'fastify';
import type { PickupAttemptStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { pickupEligibility } from '../../../domain/pickup-eligibility';
import type { PickupFindResponse, PickupLookupResponse } from '../../../domain/schemas/pickup';
import type { StaffContext } from '../../plugins/session';
import { findOrderByPickupCode, type OrderRow, verifyOrderQrToken } from '../order';
import { findOrder, orderSummary } from './order-view';
import { atOnceFor, attemptStatusFor, otherCenterError, otherCenterOf, recordAttempt } from './service';

export type LookupBy = { kind: 'code'; code: string } | { kind: 'qr'; token: string } | { kind: 'id'; orderId: string };

/** A code that matches no order, a QR code not signed by Arrive: what is recorded and answered. */
const INVALID = {
  code: { reason: 'NoSuchCode', status: 404, message: 'No order has this pickup code. Check it with the client.' },
  qr: { reason: 'BadSignature', status: 400, message: 'This QR code is not a valid Arrive pickup code.' },
} as const;

/**
 * The counter finds an order by the code the client reads out, by the QR code, or by id (a
 * refresh). Codes and QR codes are recorded as attempts, including the ones that match nothing.
 * An order of another gas center than the one of the staff member's shift is refused (409, naming
 * where it is collected) and shows nothing more.
 */
export async function lookupOrder(
  app: FastifyInstance,
  member: StaffContext,
  by: LookupBy,
): Promise<PickupLookupResponse> {
  const { attemptStatus, order } = await findForCounter(app, member, by);
  const channel = app.pickupChannel;
  await channel.followOrder(member.id, order.id);
  const online = await channel.isClientOnline(order.clientId);
  return { attemptStatus, order: await orderSummary(app.db, order, online) };
}

/**
 * The counter finds an order by its code or QR code and, when the owner's phone is connected and
 * nothing needs checking first (`atOnceFor`), the owner is asked to confirm in the same call:
 * the prompt reaches their phone one network crossing sooner than after a second tap at the desk.
 * A phone that is not connected is not asked: the desk offers a texted code instead. The answer is
 * the look-up's, with `asked` and the request in the order's summary. `asked` also holds when this
 * staff member's own request for the order already waits (the desk was reloaded meanwhile): the
 * desk takes it up again instead of offering to ask twice.
 */
export async function findAndAsk(
  app: FastifyInstance,
  actor: { clientId: string; staff: StaffContext },
  by: Exclude<LookupBy, { kind: 'id' }>,
): Promise<PickupFindResponse> {
  const { attemptStatus, order } = await findForCounter(app, actor.staff, by);
  const channel = app.pickupChannel;
  const online = await channel.isClientOnline(order.clientId);
  const atOnce = await atOnceFor(app.db, order, actor.staff, actor.clientId);
  const requested = online && atOnce === 'ask' && (await channel.request(actor, { orderId: order.id })).ok;
  // A new request has the staff's devices follow the order already; a reloaded desk's new socket
  // joins it here.
  if (!requested) await channel.followOrder(actor.staff.id, order.id);
  return { attemptStatus, asked: requested || atOnce === 'waiting', order: await orderSummary(app.db, order, online) };
}

/** The order a code, QR code or id names, recorded as an attempt (but a refresh); the caller has it followed live. */
async function findForCounter(
  app: FastifyInstance,
  member: StaffContext,
  by: LookupBy,
): Promise<{ attemptStatus: PickupAttemptStatus; order: OrderRow }> {
  // A code or QR code that matches nothing is recorded too: the attempt, then the error to throw.
  const invalid = async (method: 'code' | 'qr', presented: string) => {
    const { reason, status, message } = INVALID[method];
    await recordAttempt(app.db, { orderId: null, staffId: member.id, method, status: 'invalid', reason, presented });
    return new AppError(message, { status, type: ErrorType.InvalidPickupCode });
  };
  let order: OrderRow | null = null;
  if (by.kind === 'code') {
    order = await findOrderByPickupCode(app.db, by.code);
    if (!order) throw await invalid('code', by.code);
  } else if (by.kind === 'qr') {
    const verified = verifyOrderQrToken(app.config.SESSION_SECRET, by.token);
    if (!verified) throw await invalid('qr', by.token);
    order = await findOrder(app.db, verified.orderId);
    if (!order) throw new AppError('No such order', { status: 404, type: ErrorType.NotFound });
  } else {
    order = await findOrder(app.db, by.orderId);
    if (!order) throw new AppError('No such order', { status: 404, type: ErrorType.NotFound });
  }

  // A refresh (by id) is no attempt; a code or QR code is recorded with what became of it.
  const found = order;
  const attempt = async (status: PickupAttemptStatus, reason: string) => {
    if (by.kind === 'id') return;
    await recordAttempt(app.db, {
      orderId: found.id,
      staffId: member.id,
      method: by.kind,
      status,
      reason,
      presented: by.kind === 'code' ? by.code : null,
    });
  };
  const elsewhere = await otherCenterOf(app.db, member, order);
  if (elsewhere) {
    await attempt('blocked', 'OtherCenter');
    throw otherCenterError(order, elsewhere);
  }

  const attemptStatus = attemptStatusFor(pickupEligibility(order));
  await attempt(attemptStatus, pickupEligibility(order));
  return { attemptStatus, order };
}
