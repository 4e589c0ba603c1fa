import { formatNaira } from '../../../../domain/format';
import type { PaymentView } from '../../../../domain/schemas/payment';

/**
 * The line a client reads about a card payment given back automatically because the order was
 * already paid (or closed) when it succeeded; null for a payment without a refund.
 */
export function refundText(payment: Pick<PaymentView, 'refund' | 'paymentNumber'>): string | null {
  const refund = payment.refund;
  if (!refund) return null;
  const amount = formatNaira(refund.amount);
  switch (refund.status) {
    case 'processed':
      return `Your duplicate card payment of ${amount} was refunded to your card.`;
    case 'failed':
    case 'needs-attention':
      return `Your duplicate card payment of ${amount} could not be refunded automatically. Our team will refund it; the payment number is ${payment.paymentNumber}.`;
    default:
      return `Your duplicate card payment of ${amount} is being refunded to your card. Your bank may take a few days to show it.`;
  }
}
