import { formatNaira } from '../../../../domain/format';
import type { PaymentView } from '../../../../domain/schemas/payment';

type Refunded = Pick<PaymentView, 'refund' | 'paymentNumber'>;

/**
 * Why the card payment goes back: the order was cancelled (before the payment arrived, or its
 * delivery called off after it was paid), or it was paid another way (a duplicate). The server
 * says which in the refund's reason.
 */
export const refundForCancelledOrder = (payment: Refunded): boolean => /cancelled/i.test(payment.refund?.reason ?? '');

/**
 * The line a client reads about a card payment given back automatically because the order was
 * already paid or cancelled; null for a payment without a refund.
 */
export function refundText(payment: Refunded): string | null {
  const refund = payment.refund;
  if (!refund) return null;
  const amount = formatNaira(refund.amount);
  const what = refundForCancelledOrder(payment)
    ? `Your card payment of ${amount} for this cancelled order`
    : `Your duplicate card payment of ${amount}`;
  switch (refund.status) {
    case 'processed':
      return `${what} was refunded to your card.`;
    case 'failed':
    case 'needs-attention':
      return `${what} could not be refunded automatically. Our team will refund it; the payment number is ${payment.paymentNumber}.`;
    default:
      return `${what} is being refunded to your card. Your bank may take a few days to show it.`;
  }
}

/** The notice's title on the order's page. */
export function refundTitle(payment: Refunded): string {
  const done = payment.refund?.status === 'processed';
  if (refundForCancelledOrder(payment)) return done ? 'Payment refunded' : 'Payment being refunded';
  return done ? 'Duplicate payment refunded' : 'Duplicate payment';
}
