import { and, desc, eq, sql } from 'drizzle-orm';
import { DeliveryOption, DeliveryStatus, OrderStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { MoveOrderBody, OrderMoved } from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit';
import { chosenCenter, findCenter } from '../centers';
import { budgetStaffNotice, notify } from '../notification';
import type { OrderLegs } from './legs';
import { findOrderById } from './lookups';
import { orderEvents, orderItems, orders } from './tables';

/** Orders that may still change center: nothing has left the old one yet. */
const MOVABLE: readonly string[] = [OrderStatus.NotPaid, OrderStatus.Paid];

/**
 * A delivery's steps after which its goods are on their way from the center (a rider assigned, or
 * further): the delivery is dispatched, and its center no longer changes. Pending and a rider's
 * refusal (Rejected, then another is assigned) leave it at the center.
 */
const NOT_DISPATCHED: readonly string[] = [DeliveryStatus.Pending, DeliveryStatus.Rejected, DeliveryStatus.Cancelled];

const refused = (message: string, reason: string, more: Record<string, unknown> = {}) =>
  new AppError(message, { status: 409, type: ErrorType.Conflict, additionalInfo: { reason, ...more } });

/** The delivery's latest step on the order's timeline (every step is written there: delivery/service.ts). */
async function latestDeliveryStep(tx: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await tx
    .select({ status: orderEvents.status })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, 'delivery')))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  return row?.status ?? null;
}

/**
 * Moves an order to another gas center (a Manager or the CEO, with a written reason), while
 * nothing has left the old one: Not Paid or Paid, not handed over, and for a home delivery no
 * rider sent. The order's stock goes with it when the stock ledger keeps stock per center
 * (`moveToCenter`); the pickup code is then good at the new counter only (the counter hands
 * over its own center's orders). The price stays what the client agreed to. Recorded in the
 * audit trail, and the client is told (their SMS switch and the staff SMS budget decide the
 * text), in one transaction.
 */
export async function moveOrderToCenter(
  db: DbOrTx,
  legs: OrderLegs,
  staffId: string,
  orderId: string,
  body: MoveOrderBody,
): Promise<OrderMoved> {
  const target = await chosenCenter(db, body.centerId, { field: 'centerId', reason: 'UnknownCenter' });
  const moved = await db.transaction(async (tx) => {
    const order = await findOrderById(tx, orderId, { lock: true });
    if (!order) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
    const n = order.orderNumber;
    if (order.status === OrderStatus.Delivered || order.isDelivered) {
      throw refused(`Order ${n} has already been handed over: it can no longer be moved.`, 'HandedOver');
    }
    if (order.status === OrderStatus.Cancelled) {
      throw refused(`Order ${n} is cancelled: there is nothing to move.`, 'Cancelled');
    }
    if (!MOVABLE.includes(order.status)) {
      throw refused(`Order ${n} is ${order.status}: only an unpaid or paid order can be moved.`, 'NotMovable', {
        status: order.status,
      });
    }
    if (order.deliveryOption === DeliveryOption.HomeDelivery) {
      const step = await latestDeliveryStep(tx, order.id);
      if (step && !NOT_DISPATCHED.includes(step)) {
        throw refused(
          `Order ${n} is already dispatched (its delivery is ${step}): it can no longer be moved.`,
          'Dispatched',
          { deliveryStatus: step },
        );
      }
    }
    const source = await findCenter(tx, order.centerId);
    if (order.centerId === target.id) {
      throw refused(`Order ${n} is already at ${target.name}.`, 'SameCenter');
    }
    if (legs.stock.moveToCenter) {
      const lines = await tx
        .select({ productId: orderItems.productId, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id));
      await legs.stock.moveToCenter(tx, lines, { from: order.centerId, to: target.id, placedAt: order.createdAt });
    }
    const now = new Date();
    await tx.update(orders).set({ centerId: target.id, updatedAt: now }).where(eq(orders.id, order.id));
    // The history's lines name the center, and the orders trigger does not watch it (migration
    // 0017): the client's history version moves here, after the stock, as a cancel takes them.
    await tx.execute(sql`insert into order_history_versions as v (client_id, version)
      values (${order.clientId}::uuid, nextval('order_history_version_seq'))
      on conflict (client_id) do update set version = excluded.version`);
    const from = { centerId: order.centerId, name: source?.name ?? '' };
    const to = { centerId: target.id, name: target.name };
    await recordAudit(tx, {
      staffId,
      action: 'order.moved',
      subject: n,
      changes: { orderId: order.id, orderStatus: order.status, from, to, reason: body.reason },
    });
    const homeDelivery = order.deliveryOption === DeliveryOption.HomeDelivery;
    const key = `order-moved:${order.id}:${now.getTime()}`;
    await notify(tx, {
      kind: NotificationKind.OrderMoved,
      clientId: order.clientId,
      key,
      data: {
        orderNumber: n,
        centerName: target.name,
        centerAddress: target.address,
        delivery: homeDelivery ? 'home' : 'pickup',
        // The code is shown once the order is paid; the text says where it now works.
        pickupCode: !homeDelivery && order.status === OrderStatus.Paid ? order.pickupCode : null,
      },
    });
    const sms = await budgetStaffNotice(tx, staffId, key);
    return { orderId: order.id, orderNumber: n, from, to, reason: body.reason, sms };
  });
  legs.stock.committed?.();
  return moved;
}
