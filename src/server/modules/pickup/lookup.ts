import type { FastifyInstance } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import { pickupEligibility } from '../../../domain/pickup-eligibility';
import type { PickupLookupResponse } from '../../../domain/schemas/pickup';
import type { StaffContext } from '../../plugins/session';
import { findOrderByPickupCode, type OrderRow, verifyOrderQrToken } from '../order';
import { findOrder, orderSummary } from './order-view';
import { attemptStatusFor, otherCenterOf, recordAttempt } from './service';

export type LookupBy = { kind: 'code'; code: string } | { kind: 'qr'; token: string } | { kind: 'id'; orderId: string };

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
  let order: OrderRow | null = null;
  if (by.kind === 'code') {
    order = await findOrderByPickupCode(app.db, by.code);
    if (!order) {
      await recordAttempt(app.db, {
        orderId: null,
        staffId: member.id,
        method: 'code',
        status: 'invalid',
        reason: 'NoSuchCode',
        presented: by.code,
      });
      throw new AppError('No order has this pickup code. Check it with the client.', {
        status: 404,
        type: ErrorType.InvalidPickupCode,
      });
    }
  } else if (by.kind === 'qr') {
    const verified = verifyOrderQrToken(app.config.SESSION_SECRET, by.token);
    if (!verified) {
      await recordAttempt(app.db, {
        orderId: null,
        staffId: member.id,
        method: 'qr',
        status: 'invalid',
        reason: 'BadSignature',
        presented: by.token,
      });
      throw new AppError('This QR code is not a valid Arrive pickup code.', {
        status: 400,
        type: ErrorType.InvalidPickupCode,
      });
    }
    order = await findOrder(app.db, verified.orderId);
    if (!order) throw new AppError('No such order', { status: 404, type: ErrorType.NotFound });
  } else {
    order = await findOrder(app.db, by.orderId);
    if (!order) throw new AppError('No such order', { status: 404, type: ErrorType.NotFound });
  }

  const elsewhere = await otherCenterOf(app.db, member, order);
  if (elsewhere) {
    if (by.kind !== 'id') {
      await recordAttempt(app.db, {
        orderId: order.id,
        staffId: member.id,
        method: by.kind,
        status: 'blocked',
        reason: 'OtherCenter',
        presented: by.kind === 'code' ? by.code : null,
      });
    }
    throw new AppError(elsewhere.message, {
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

  const attemptStatus = attemptStatusFor(pickupEligibility(order));
  if (by.kind !== 'id') {
    await recordAttempt(app.db, {
      orderId: order.id,
      staffId: member.id,
      method: by.kind,
      status: attemptStatus,
      reason: pickupEligibility(order),
      presented: by.kind === 'code' ? by.code : null,
    });
  }
  const channel = app.pickupChannel;
  await channel.followOrder(member.id, order.id);
  const online = await channel.isClientOnline(order.clientId);
  return { attemptStatus, order: await orderSummary(app.db, order, online) };
}
