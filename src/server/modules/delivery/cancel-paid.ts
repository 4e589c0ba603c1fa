import { PaymentPurpose, PaymentType } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { formatNaira } from '../../../domain/format';
import { NotificationKind } from '../../../domain/schemas/notification';
import type { DbOrTx } from '../../db/client';
import { notify } from '../notification';
import type { findOrderById, OrderLegs } from '../order';
import { cancelPaidOrder } from '../order';
import { makeOrderRefundDue } from '../payment';
import { credit, findActiveWallet } from '../wallet';

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderById>>>;

/** Where a cancelled delivery's money went back. */
export type DeliveryRefund = {
  to: 'wallet' | 'card';
  amount: number;
  /** A card payment whose refund is now due: asked of Paystack once the transaction commits. */
  paymentId: string | null;
};

/**
 * A paid order whose delivery a dispatcher cancels reaches nobody: in the caller's transaction it
 * is cancelled with its delivery, its stock goes back, and its money goes back the way it came.
 * A wallet payment is credited back at once (one ledger reference per order: a retry moves nothing
 * twice); a card payment's refund is made due, and Paystack is asked once this commits (and again
 * by reconciliation if that call fails). The client is told.
 */
export async function cancelPaidOrderOfDelivery(
  tx: DbOrTx,
  legs: OrderLegs,
  order: OrderRow,
  options: { actorClientId: string; at: Date },
): Promise<DeliveryRefund> {
  const refund = await moneyBack(tx, order);
  const said =
    refund.to === 'wallet'
      ? `${formatNaira(refund.amount)} refunded to the Arrive wallet`
      : `${formatNaira(refund.amount)} refunded to the card it was paid with`;
  await cancelPaidOrder(tx, legs, order.orderNumber, {
    actorClientId: options.actorClientId,
    note: `Delivery cancelled by Arrive: ${said}`,
    refusal: `This order cannot be cancelled: it is ${order.status}.`,
  });
  await notify(tx, {
    kind: NotificationKind.DeliveryCancelled,
    clientId: order.clientId,
    key: `delivery-cancelled:${order.id}`,
    data: { orderNumber: order.orderNumber, amount: refund.amount, refundTo: refund.to },
  });
  return refund;
}

async function moneyBack(tx: DbOrTx, order: OrderRow): Promise<DeliveryRefund> {
  if (order.paymentType === PaymentType.Wallet) {
    const wallet = await findActiveWallet(tx, order.clientId);
    if (wallet) {
      await credit(tx, {
        walletId: wallet.id,
        reference: `order-cancelled:${order.id}`,
        amount: order.total,
        purpose: PaymentPurpose.OrderPayment,
        displayName: `Refund of order ${order.orderNumber}`,
        orderId: order.id,
      });
      return { to: 'wallet', amount: order.total, paymentId: null };
    }
  }
  if (order.paymentType === PaymentType.Electronic) {
    const due = await makeOrderRefundDue(
      tx,
      order.id,
      `Order ${order.orderNumber} was cancelled: its delivery was called off`,
    );
    if (due) return { to: 'card', amount: due.amount ?? order.total, paymentId: due.id };
  }
  // Paid, but not in a way this can give back (a payment recorded by hand, a wallet closed since):
  // cancelling would keep the money with nothing to show for it. Nothing changes; a person decides.
  throw new AppError(
    'This paid order has no payment that can be refunded automatically. Refund it by hand, then cancel the delivery.',
    {
      status: 409,
      type: ErrorType.Conflict,
      additionalInfo: { reason: 'NoRefundPath', paymentType: order.paymentType },
    },
  );
}
