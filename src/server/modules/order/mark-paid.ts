import { and, eq, sql } from 'drizzle-orm';
import { DeliveryOption, OrderStatus, type PaymentType } from '../../../domain/enums';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { statement } from '../../db/statement';
import { notify } from '../notification/service';
import { recordOrderEvent } from './events';
import { orders } from './tables';

/** Every payment runs it: built once (db/statement.ts). */
const markPaid = statement('order_mark_paid', (db) =>
  db
    .update(orders)
    .set({
      status: OrderStatus.Paid,
      paymentStatus: 'success',
      paymentType: sql`${sql.placeholder('paymentType')}`,
      paidAt: sql`${sql.placeholder('paidAt')}::timestamptz`,
      updatedAt: sql`${sql.placeholder('paidAt')}::timestamptz`,
      orderPaymentNumber: sql`coalesce(${sql.placeholder('paymentNumber')}::text, ${orders.orderPaymentNumber})`,
    })
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.status, OrderStatus.NotPaid)))
    .returning({
      clientId: orders.clientId,
      orderNumber: orders.orderNumber,
      total: orders.total,
      deliveryOption: orders.deliveryOption,
      pickupCode: orders.pickupCode,
    }),
);

/**
 * Moves an order from Not Paid to Paid (and puts the step on its timeline). Answers true only
 * for the call that made the change: two payments racing for one order give value once.
 *
 * `options.paymentNumber`: the number of the payment that paid it (a card payment's PMT-…). It becomes the
 * order's payment number, so the order page, the success page and the receipt show one reference
 * for one payment. Without it (wallet, cash) the order keeps the PAY-… number it was created with.
 */
export async function markOrderPaid(
  tx: DbOrTx,
  orderId: string,
  paymentType: PaymentType,
  options: { actorClientId?: string; note?: string; paymentNumber?: string } = {},
): Promise<boolean> {
  // One statement locks, checks and moves: the update waits for a concurrent one on the row and
  // then re-checks the status, so only one payment can make the change.
  const paidAt = new Date();
  const [order] = await markPaid.run(tx, {
    orderId,
    paymentType,
    paidAt: paidAt.toISOString(),
    // Null keeps the order's own payment number.
    paymentNumber: options.paymentNumber ?? null,
  });
  if (!order) return false;
  await recordOrderEvent(tx, orderId, OrderStatus.Paid, {
    note: options.note ?? `Paid (${paymentType})`,
    at: paidAt,
    // A staff member taking the money at the counter: the sale is theirs (shift README "Who sold what").
    actorClientId: options.actorClientId ?? null,
  });
  // A sale at the counter sends its own receipt SMS; everyone else is told here (SMS/push, with
  // the receipt link; a pickup order is ready now, so with its pickup code).
  if (options.actorClientId) return true;
  await notify(tx, {
    kind: NotificationKind.OrderPaid,
    clientId: order.clientId,
    key: `order-paid:${orderId}`,
    data: {
      orderNumber: order.orderNumber,
      total: order.total,
      pickupCode: order.deliveryOption === DeliveryOption.HomeDelivery ? null : order.pickupCode,
    },
  });
  return true;
}
