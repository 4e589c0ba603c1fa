import { type SQLWrapper, sql } from 'drizzle-orm';
import { DeliveryOption, OrderStatus, type PaymentType } from '../../../domain/enums';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { rawStatement, value } from '../../db/statement';
import { notifySql } from '../notification';
import { orderEvents, orders } from './tables';

/** What `paid` answers of the order it moved. */
export type PaidOrderRow = {
  id: string;
  client_id: string;
  order_number: string;
  total: number | string;
  delivery_option: string;
  pickup_code: string;
  center_id: string;
};

/**
 * The move to Paid as parts of a statement: CTEs `paid` (the order `orderId` names, moved only
 * from Not Paid, and only when `when` holds; a PaidOrderRow) and `step` (its timeline step, written
 * only when it moved), and `told`: the client is told (SMS/push, with the receipt link; a pickup
 * order is ready now, so with its pickup code) when `tell` holds. Values: paymentType, paidAt,
 * paymentNumber (null keeps the order's), note, actorClientId, tell (markPaidValues). The update
 * waits for a concurrent one on the row and re-checks the status, so only one payment can make
 * the change.
 */
export const markPaidCtes = (orderId: SQLWrapper, when: SQLWrapper = sql`true`) => sql`paid as (
    update ${orders} set status = ${OrderStatus.Paid}, payment_status = 'success', payment_type = ${value('paymentType')},
      paid_at = ${value('paidAt')}::timestamptz, updated_at = ${value('paidAt')}::timestamptz,
      order_payment_number = coalesce(${value('paymentNumber')}::text, order_payment_number)
    where id = ${orderId} and status = ${OrderStatus.NotPaid} and ${when}
    returning id, client_id, order_number, total, delivery_option, pickup_code, center_id
  ), step as (
    insert into ${orderEvents} (order_id, kind, status, note, actor_client_id, created_at)
    select id, 'order', ${OrderStatus.Paid}, ${value('note')}, ${value('actorClientId')}::uuid, ${value('paidAt')}::timestamptz
    from paid
  ), told as (
    ${notifySql(
      sql`${NotificationKind.OrderPaid}`,
      // A pickup order's message says where to collect it: its center's name and address.
      sql`select client_id, 'order-paid:' || paid.id::text as key,
        json_build_object('orderNumber', order_number, 'total', total,
          'pickupCode', case when delivery_option = ${DeliveryOption.HomeDelivery} then null else pickup_code end,
          'centerName', c.name, 'centerAddress', c.address) as data
      from paid left join centers c on c.id = paid.center_id where ${value('tell')}::boolean`,
    )}
  )`;

/**
 * A CTE `versioned`, after markPaidCtes: the client's order-history version (migration 0017),
 * written by the statement itself. The orders trigger writes it too, but only at the statement's
 * end. A statement that locks another row after the order (the wallet's balance) references
 * `versioned` first, so its locks come in the order every other path takes them: the order, the
 * client's history version, then the rest (a payment made step by step marks the order Paid in one
 * statement, which ends with the trigger, before it locks the wallet; taken the other way round,
 * two payments of one client deadlock).
 */
export const historyVersionAfterPaidCte = sql`versioned as (
    insert into order_history_versions as v (client_id, version)
    select client_id, nextval('order_history_version_seq') from paid order by client_id
    on conflict (client_id) do update set version = excluded.version
    returning client_id
  )`;

/** A statement's read of the client's order that may be paid now: Not Paid, with a total (`id`). */
export const payableClientOrderSql = (orderNumber: SQLWrapper, clientId: SQLWrapper) => sql`select id from ${orders}
    where order_number = ${orderNumber} and client_id = ${clientId} and status = ${OrderStatus.NotPaid} and total > 0`;

/**
 * payableClientOrderSql for many: of `asked` (a relation of `client_id`, `order_number`), the
 * orders still payable by the client who asked (id, client_id, total).
 */
export const payableAskedOrdersSql = (asked: SQLWrapper) => sql`select o.id, o.client_id, o.total
    from ${orders} o join ${asked} a on o.order_number = a.order_number and o.client_id = a.client_id
    where o.status = ${OrderStatus.NotPaid} and o.total > 0`;

/** Every payment by card or at the counter runs it, built once (db/statement.ts). */
const markPaid = rawStatement<{ id: string }>(
  'order_mark_paid',
  sql`with ${markPaidCtes(sql`${value('orderId')}::uuid`)}
  select id::text from paid`,
);

/** markPaidCtes' values for a payment made now. */
export function markPaidValues(
  paymentType: PaymentType,
  options: { actorClientId?: string; note?: string; paymentNumber?: string; paidAt?: Date } = {},
) {
  return {
    paymentType,
    paidAt: (options.paidAt ?? new Date()).toISOString(),
    // Null keeps the order's own payment number.
    paymentNumber: options.paymentNumber ?? null,
    note: options.note ?? `Paid (${paymentType})`,
    // A staff member taking the money at the counter: the sale is theirs (shift README "Who sold what").
    actorClientId: options.actorClientId ?? null,
    // A sale at the counter sends its own receipt SMS; everyone else is told of the payment.
    tell: !options.actorClientId,
  };
}

/**
 * Moves an order from Not Paid to Paid, puts the step on its timeline and tells the client (not
 * for a sale at the counter, `actorClientId`: it sends its own receipt), in one statement.
 * Answers true only for the call that made the change: two payments racing for one order give
 * value once.
 *
 * `options.paymentNumber`: the number of the payment that paid it (a card payment's PMT-…). It becomes the
 * order's payment number, so the order page, the success page and the receipt show one reference
 * for one payment. Without it (wallet, cash) the order keeps the PAY-… number it was created with.
 */
export async function markOrderPaid(
  tx: DbOrTx,
  orderId: string,
  paymentType: PaymentType,
  options: {
    actorClientId?: string;
    note?: string;
    paymentNumber?: string;
    /** When the money was taken, if not now: a counter sale made offline, synced later. */
    paidAt?: Date;
  } = {},
): Promise<boolean> {
  const [order] = await markPaid.run(tx, { orderId, ...markPaidValues(paymentType, options) });
  return Boolean(order);
}
