import { sql } from 'drizzle-orm';
import { DeliveryOption, OrderStatus, type PaymentType } from '../../../domain/enums';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import { notify } from '../notification/service';
import { orderEvents, orders } from './tables';

/**
 * Every payment runs it, built once (db/statement.ts): the order moves to Paid and its step goes on
 * the timeline in one statement, the step written only when the order moved.
 */
const markPaid = rawStatement<{
  client_id: string;
  order_number: string;
  total: number;
  delivery_option: string;
  pickup_code: string;
}>(
  'order_mark_paid',
  sql`with paid as (
    update ${orders} set status = ${OrderStatus.Paid}, payment_status = 'success', payment_type = ${value('paymentType')},
      paid_at = ${value('paidAt')}::timestamptz, updated_at = ${value('paidAt')}::timestamptz,
      order_payment_number = coalesce(${value('paymentNumber')}::text, order_payment_number)
    where id = ${value('orderId')}::uuid and status = ${OrderStatus.NotPaid}
    returning id, client_id, order_number, total, delivery_option, pickup_code
  ), step as (
    insert into ${orderEvents} (order_id, kind, status, note, actor_client_id, created_at)
    select id, 'order', ${OrderStatus.Paid}, ${value('note')}, ${value('actorClientId')}::uuid, ${value('paidAt')}::timestamptz
    from paid
  )
  select client_id::text, order_number, total::double precision as total, delivery_option, pickup_code from paid`,
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
    note: options.note ?? `Paid (${paymentType})`,
    // A staff member taking the money at the counter: the sale is theirs (shift README "Who sold what").
    actorClientId: options.actorClientId ?? null,
  });
  if (!order) return false;
  // A sale at the counter sends its own receipt SMS; everyone else is told here (SMS/push, with
  // the receipt link; a pickup order is ready now, so with its pickup code).
  if (options.actorClientId) return true;
  await notify(tx, {
    kind: NotificationKind.OrderPaid,
    clientId: order.client_id,
    key: `order-paid:${orderId}`,
    data: {
      orderNumber: order.order_number,
      total: Number(order.total),
      pickupCode: order.delivery_option === DeliveryOption.HomeDelivery ? null : order.pickup_code,
    },
  });
  return true;
}
