import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { DELIVERY_CODE_MAX_TRIES } from '../../../domain/constants';
import { type GoodsLine, staffStepLabel } from '../../../domain/delivery-words';
import { DeliveryStatus, OrderStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { deliveryLifecycle } from '../../../domain/lifecycles/delivery';
import { assertTransition, canTransition } from '../../../domain/lifecycles/lifecycle';
import type { Delivery, RiderLocation } from '../../../domain/schemas/delivery';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { SmsOutcome } from '../../../domain/schemas/sms';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit';
import { findCenter } from '../centers';
import { budgetStaffNotice, notify } from '../notification';
import type { OrderLegs } from '../order';
import {
  findOrderById,
  findOrderByNumber,
  findOrderNumbersByIds,
  listOrderItems,
  markOrderDelivered,
  recordOrderEvent,
} from '../order';
import { findProductTypesByIds } from '../product';
import { cancelPaidOrderOfDelivery, type DeliveryRefund } from './cancel-paid';
import type { DeliveryNotices } from './notices';
import { type DeliveryRow, deliveries, deliverySteps } from './tables';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDeliveryView(row: DeliveryRow, orderNumber: string): Delivery {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber,
    clientId: row.clientId,
    status: row.status,
    type: row.type,
    address: row.address,
    distanceKm: row.distanceKm,
    fee: row.fee,
    carrierClientId: row.carrierClientId,
    carrierName: row.carrierName,
    carrierPhone: row.carrierPhone,
    vehicle: row.vehicle,
    note: row.note,
    assignedAt: iso(row.assignedAt),
    deliveredAt: iso(row.deliveredAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('Delivery not found', { status: 404, type: ErrorType.NotFound });

/** Deliveries with their order numbers; `clientId` scopes to one client's. */
export async function findDeliveries(
  db: DbOrTx,
  filter: { id?: string; orderId?: string; orderNumber?: string; clientId?: string; status?: DeliveryRow['status'] },
  page = { page: 1, pageSize: 50 },
) {
  const conditions: SQL[] = [];
  if (filter.id) conditions.push(eq(deliveries.id, filter.id));
  if (filter.orderId) conditions.push(eq(deliveries.orderId, filter.orderId));
  if (filter.orderNumber) {
    const order = await findOrderByNumber(db, filter.orderNumber);
    conditions.push(order ? eq(deliveries.orderId, order.id) : sql`false`);
  }
  if (filter.clientId) conditions.push(eq(deliveries.clientId, filter.clientId));
  if (filter.status) conditions.push(eq(deliveries.status, filter.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(deliveries)
      .where(where)
      .orderBy(desc(deliveries.createdAt))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(deliveries).where(where),
  ]);
  // The order numbers in one batch (every delivery belongs to an order: a foreign key).
  const numbers = await findOrderNumbersByIds(
    db,
    rows.map((r) => r.orderId),
  );
  return {
    deliveries: rows.map((r) => toDeliveryView(r, numbers.get(r.orderId) ?? '')),
    page: page.page,
    pageSize: page.pageSize,
    total: totalRow?.n ?? 0,
  };
}

export async function findOneDelivery(db: DbOrTx, filter: Parameters<typeof findDeliveries>[1]): Promise<Delivery> {
  const { deliveries: list } = await findDeliveries(db, filter, { page: 1, pageSize: 1 });
  const [one] = list;
  if (!one) throw notFound();
  return one;
}

/**
 * What a client is told of their rider: the first name. A name made of the phone number (a rider
 * whose profile has no name) is no name: the client reads none rather than the number.
 */
export function riderFirstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first && !/\d/.test(first) ? first : null;
}

/**
 * The delivery as its client reads it: the rider's first name and vehicle, never their phone or
 * account; calls go through the gas center's counter phone. The note is the staff's (for the
 * rider, or typed with a step): never the client's to read.
 */
export function toClientDeliveryView(view: Delivery, centerPhone: string | null): Delivery {
  return {
    ...view,
    carrierClientId: null,
    carrierName: riderFirstName(view.carrierName),
    carrierPhone: null,
    note: null,
    centerPhone,
  };
}

/**
 * The client is told when the rider leaves with the order (with the rider's name) and when it
 * arrives. Answers the event's key when this step queued it (for the SMS budgets), else null.
 */
async function notifyDeliveryStep(
  tx: DbOrTx,
  delivery: DeliveryRow,
  orderNumber: string,
  deliveryCode: string | null,
): Promise<string | null> {
  // Sent once (its key), at the first of Collected and In transit to reach the server: a rider
  // who loses the network on the road has the client's code sent from the gas center already.
  if (delivery.status === DeliveryStatus.CarrierPickup || delivery.status === DeliveryStatus.InTransit) {
    const key = `out-for-delivery:${delivery.id}`;
    const added = await notify(tx, {
      kind: NotificationKind.OutForDelivery,
      clientId: delivery.clientId,
      key,
      // The code the rider needs at the door, in the text too: a client without data has no page.
      data: { orderNumber, riderName: riderFirstName(delivery.carrierName), deliveryCode },
    });
    // Told at an earlier step (Collected, then In transit): this step sends nothing new.
    return added > 0 ? key : null;
  }
  if (delivery.status === DeliveryStatus.Delivered) {
    const key = `delivered:${delivery.orderId}`;
    const added = await notify(tx, {
      kind: NotificationKind.Delivered,
      clientId: delivery.clientId,
      key,
      data: { orderNumber },
    });
    return added > 0 ? key : null;
  }
  return null;
}

/**
 * The texts a staff member's step queued, within the SMS budgets: what the step's answer says of
 * them (the first held back, if any), or undefined when it queued none.
 */
async function budgetStepTexts(tx: DbOrTx, staffId: string, keys: (string | null)[]): Promise<SmsOutcome | undefined> {
  let outcome: SmsOutcome | undefined;
  for (const key of keys) {
    if (!key) continue;
    const one = await budgetStaffNotice(tx, staffId, key);
    if (one && (!outcome || outcome.sent)) outcome = one;
  }
  return outcome;
}

/** An order's lines with their product types: what its steps say is collected. */
async function goodsOf(db: DbOrTx, orderId: string): Promise<GoodsLine[]> {
  const lines = await listOrderItems(db, orderId);
  const types = await findProductTypesByIds(
    db,
    lines.map((l) => l.productId),
  );
  return lines.map((l) => ({ productType: types.get(l.productId), quantity: l.quantity, sizeKg: l.sizeKg }));
}

/** The name of an order's gas center, for a refusal's words. */
const centerNameOf = async (db: DbOrTx, centerId: string) =>
  (await findCenter(db, centerId))?.name ?? 'another gas center';

/** Statuses that need the order paid first: the carrier must not leave with unpaid goods. */
const NEEDS_PAYMENT: DeliveryRow['status'][] = [
  DeliveryStatus.CarrierPickup,
  DeliveryStatus.InTransit,
  DeliveryStatus.Delivered,
];

/** The latest time this delivery records for any of its steps. */
function latestStepTime(row: DeliveryRow): number {
  return Math.max(
    row.statusChangedAt.getTime(),
    row.assignedAt?.getTime() ?? 0,
    row.lastLocatedAt?.getTime() ?? 0,
    row.deliveredAt?.getTime() ?? 0,
  );
}

/**
 * A rider marks a delivery Delivered with the client's delivery code (the order's pickup code,
 * shown on the client's order page with "Show this code to the rider"): proof the client has the
 * order, as the counter's hand-over asks the client. Case and spaces do not matter. A wrong code
 * counts against the delivery (`counted`); past DELIVERY_CODE_MAX_TRIES none is compared.
 */
function deliveryCodeProblem(
  expected: string | null,
  given: string | undefined,
  wrongTries: number,
): { error: AppError; counted: boolean } | null {
  if (wrongTries >= DELIVERY_CODE_MAX_TRIES) {
    return {
      counted: false,
      error: new AppError(
        'Too many wrong delivery codes for this order: call the dispatcher, who can mark it delivered once the client has it',
        {
          status: 400,
          type: ErrorType.InvalidPickupCode,
          additionalInfo: { reason: 'TooManyTries', attemptsLeft: 0 },
        },
      ),
    };
  }
  const typed = (given ?? '').replace(/\s/g, '').toUpperCase();
  if (typed === '') {
    return {
      counted: false,
      error: new AppError("Enter the client's delivery code: it is on their order page", {
        status: 400,
        type: ErrorType.InvalidPickupCode,
        additionalInfo: { reason: 'DeliveryCodeMissing' },
      }),
    };
  }
  if (!expected || typed !== expected.toUpperCase()) {
    return {
      counted: true,
      error: new AppError("That is not this order's delivery code: ask the client to read it again", {
        status: 400,
        type: ErrorType.InvalidPickupCode,
        additionalInfo: { reason: 'DeliveryCodeWrong', attemptsLeft: DELIVERY_CODE_MAX_TRIES - wrongTries - 1 },
      }),
    };
  }
  return null;
}

/**
 * Moves a delivery along its lifecycle, recording the step (with its time and, when the phone
 * shared it, where) on the delivery and on the order's timeline. Delivered also marks the order
 * Delivered. `riderClientId`: the move is the assigned rider's own (the carrier's road moves, on
 * their delivery only). After the commit, `notices` hears of the change.
 */
export async function changeDeliveryStatus(
  db: DbOrTx,
  id: string,
  next: DeliveryRow['status'],
  options: {
    note?: string | undefined;
    actorClientId: string;
    carrier?: Pick<DeliveryRow, 'carrierName' | 'carrierPhone' | 'vehicle' | 'carrierClientId'>;
    riderClientId?: string;
    location?: RiderLocation | undefined;
    notices?: DeliveryNotices;
    /** The client's delivery code a rider gives with Delivered. */
    code?: string | undefined;
    /** When the step was taken (a phone that sends it late): kept after the step before, never after now. */
    at?: string | undefined;
    /** The order's stock and quota: a paid order whose delivery is cancelled gives its stock back. */
    legs?: OrderLegs;
    /** An assignment: the rider's account the dispatcher saw on the delivery (null: none). */
    replacing?: string | null | undefined;
    /** The staff member whose step it is: the texts it sends count against the SMS budgets. */
    actorStaffId?: string | undefined;
    /**
     * The gas centers whose deliveries the dispatcher may move (their shift's); left out or null,
     * any (a CEO or a Manager). Another center's delivery: 403 NotYourCenter, nothing recorded.
     */
    actorCenterIds?: readonly string[] | null;
    /** An assignment: the centers the rider works at; another center's delivery is refused (409). */
    carrierCenterIds?: readonly string[];
  },
): Promise<Delivery & { refund?: DeliveryRefund; sms?: SmsOutcome }> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
    if (!row) throw notFound();
    if (options.riderClientId && row.carrierClientId !== options.riderClientId) {
      throw new AppError('This delivery is not assigned to you', {
        status: 403,
        type: ErrorType.Forbidden,
        additionalInfo: { reason: 'NotYourDelivery' },
      });
    }
    const order = await findOrderById(tx, row.orderId, { lock: true });
    if (!order) throw notFound();
    // A dispatcher runs their own center's board; the rider's own delivery is checked above.
    if (!options.riderClientId && options.actorCenterIds && !options.actorCenterIds.includes(order.centerId)) {
      throw new AppError(
        `This delivery goes out from ${await centerNameOf(tx, order.centerId)}: only its own dispatchers, a CEO or a Manager can change it.`,
        { status: 403, type: ErrorType.Forbidden, additionalInfo: { reason: 'NotYourCenter' } },
      );
    }
    // A rider takes the deliveries of the centers they work at: the goods are collected there.
    if (options.carrier && options.carrierCenterIds && !options.carrierCenterIds.includes(order.centerId)) {
      const center = await centerNameOf(tx, order.centerId);
      throw new AppError(
        `${options.carrier.carrierName ?? 'This rider'} does not work at ${center}, where this order is delivered from. Choose a rider of ${center}.`,
        {
          status: 409,
          type: ErrorType.Conflict,
          additionalInfo: { reason: 'RiderOfAnotherCenter', centerId: order.centerId, field: 'riderId' },
        },
      );
    }
    // Two dispatchers assigning at once: the second does not silently undo the first's choice.
    if (options.carrier && options.replacing !== undefined && row.carrierClientId !== options.replacing) {
      throw new AppError(
        `${row.carrierName ?? 'Another rider'} was assigned to this delivery meanwhile. Check the board and assign again if you still want to change it.`,
        {
          status: 409,
          type: ErrorType.Conflict,
          additionalInfo: { reason: 'AssignedMeanwhile', carrierClientId: row.carrierClientId },
        },
      );
    }
    // A rider is sent for paid goods only: an unpaid order's delivery waits for its payment.
    if (options.carrier && order.status !== OrderStatus.Paid) {
      throw new AppError(`The order is ${order.status}; assign a rider once it is paid`, {
        status: 409,
        type: ErrorType.Conflict,
        additionalInfo: { orderStatus: order.status },
      });
    }
    // Another carrier for an Accepted delivery changes who, not the status.
    const reassigning = options.carrier && next === DeliveryStatus.Accepted && row.status === DeliveryStatus.Accepted;
    const actor = options.riderClientId ? 'carrier' : 'staff';
    if (!reassigning && !canTransition(deliveryLifecycle, row.status, next, actor)) {
      // In the board's words, naming what is collected: two people tapping at once is the usual cause.
      const goods = await goodsOf(tx, order.id);
      const now = staffStepLabel(row.status, goods);
      assertTransition(
        deliveryLifecycle,
        row.status,
        next,
        actor,
        row.status === next
          ? `This delivery is already “${now}”: it was moved meanwhile.`
          : `This delivery is “${now}” now: it cannot be marked “${staffStepLabel(next, goods)}”. It may have been moved meanwhile.`,
      );
    }
    if (options.riderClientId && next === DeliveryStatus.Delivered) {
      const problem = deliveryCodeProblem(order.pickupCode, options.code, row.codeWrongTries);
      // A wrong code is counted for good (the transaction commits the count, nothing else): the
      // row is locked above, so guesses sent at once are compared one after the other.
      if (problem?.counted) {
        await tx
          .update(deliveries)
          .set({ codeWrongTries: sql`${deliveries.codeWrongTries} + 1` })
          .where(eq(deliveries.id, id));
        return { refused: problem.error } as const;
      }
      if (problem) throw problem.error;
    }
    if (NEEDS_PAYMENT.includes(next) && order.status !== OrderStatus.Paid) {
      throw new AppError(`The order is ${order.status}; it must be Paid before the carrier takes it`, {
        status: 409,
        type: ErrorType.Conflict,
        additionalInfo: { orderStatus: order.status },
      });
    }
    if (next === DeliveryStatus.Accepted && !options.carrier && !row.carrierName) {
      throw new AppError('Assign a carrier first (PUT /api/delivery/assign/{id})', {
        status: 409,
        type: ErrorType.Conflict,
      });
    }
    // Each step is later than the one before it, even within one millisecond, so a delivery's
    // steps read back in the order they happened (the row is locked: no step can come between).
    // A step sent late by a phone without a network keeps the moment it was taken.
    const taken = options.at ? Math.min(Date.parse(options.at) || Date.now(), Date.now()) : Date.now();
    const now = new Date(Math.max(taken, latestStepTime(row) + 1));
    const where = options.location;
    const [updated] = await tx
      .update(deliveries)
      .set({
        status: next,
        ...(next !== row.status ? { statusChangedAt: now } : {}),
        ...(options.carrier ? { ...options.carrier, assignedAt: now } : {}),
        ...(next === DeliveryStatus.Delivered ? { deliveredAt: now } : {}),
        ...(options.note !== undefined ? { note: options.note } : {}),
        ...(where ? { lastLat: where.lat, lastLng: where.lng, lastLocatedAt: now } : {}),
      })
      .where(eq(deliveries.id, id))
      .returning();
    if (!updated) throw notFound();
    const stepNote = options.carrier
      ? `Carrier: ${options.carrier.carrierName} (${options.carrier.vehicle ?? 'Bike'})`
      : (options.note ?? null);
    await tx.insert(deliverySteps).values({
      deliveryId: id,
      status: next,
      actorClientId: options.actorClientId,
      byRider: Boolean(options.riderClientId),
      lat: where?.lat ?? null,
      lng: where?.lng ?? null,
      accuracyM: where?.accuracyM ?? null,
      note: stepNote,
      at: now,
    });
    await recordOrderEvent(tx, order.id, next, {
      kind: 'delivery',
      // The client reads the order's timeline: their rider by first name only, and nothing a rider
      // or a dispatcher typed (a note is for the staff: it stays on the delivery's steps).
      note: options.carrier
        ? `Carrier: ${riderFirstName(options.carrier.carrierName) ?? 'a rider'} (${options.carrier.vehicle ?? 'Bike'})`
        : null,
      actorClientId: options.actorClientId,
      at: now,
    });
    if (next === DeliveryStatus.Delivered) {
      await markOrderDelivered(tx, order.id, { actorClientId: options.actorClientId, at: now });
    }
    // A paid order whose delivery is called off is cancelled and refunded with it: otherwise the
    // client's money stays taken for goods that will not come, and no screen can give it back.
    const refund =
      next === DeliveryStatus.Cancelled && order.status === OrderStatus.Paid
        ? await cancelPaidOrderOfDelivery(tx, requireLegs(options.legs), order, {
            actorClientId: options.actorClientId,
            at: now,
          })
        : undefined;
    const stepText = await notifyDeliveryStep(tx, updated, order.orderNumber, order.pickupCode);
    const sms = options.actorStaffId
      ? await budgetStepTexts(tx, options.actorStaffId, [stepText, refund ? `delivery-cancelled:${order.id}` : null])
      : undefined;
    // Both callers are staff routes: the staff member is the one whose request this is. A paid
    // order cancelled with its delivery is recorded as the order's cancel, with where its money went.
    await recordAudit(tx, {
      ...(options.actorStaffId ? { staffId: options.actorStaffId } : {}),
      action: refund
        ? 'order.cancelled'
        : reassigning
          ? 'dispatch.reassigned'
          : options.carrier
            ? 'dispatch.assigned'
            : 'dispatch.status',
      subject: order.orderNumber,
      changes: {
        delivery: [row.status, next],
        ...(options.carrier ? { carrier: [row.carrierName, updated.carrierName] } : {}),
        ...(options.riderClientId ? { byRider: true } : {}),
        ...(refund
          ? { order: [order.status, OrderStatus.Cancelled], refund: { to: refund.to, amount: refund.amount } }
          : {}),
      },
    });
    return {
      view: toDeliveryView(updated, order.orderNumber),
      previous: row.status,
      at: now,
      refund,
      sms,
      centerId: order.centerId,
    };
  });
  if ('refused' in result) throw result.refused;
  options.notices?.emit({
    delivery: result.view,
    previous: result.previous,
    at: result.at.toISOString(),
    byRider: Boolean(options.riderClientId),
    located: Boolean(options.location),
    centerId: result.centerId,
    ...(options.carrier ? { assigned: true } : {}),
  });
  return {
    ...result.view,
    ...(result.refund ? { refund: result.refund } : {}),
    ...(result.sms ? { sms: result.sms } : {}),
  };
}

function requireLegs(legs: OrderLegs | undefined): OrderLegs {
  if (!legs) throw new Error('cancelling a paid delivery needs the order legs');
  return legs;
}
