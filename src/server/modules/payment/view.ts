import type { PaymentView, SavedCard } from '../../../domain/schemas/payment';
import type { CardAuthorization, PaymentRow } from './tables';

export const cardOf = (a: Pick<CardAuthorization, 'bin' | 'last4' | 'expMonth' | 'expYear'>): SavedCard => ({
  bin: a.bin,
  last4: a.last4,
  expireMonth: a.expMonth,
  expireYear: a.expYear,
});

/** A card's details as kept and as exported to its holder: never its charge authorization. */
export const cardDetailsOf = (a: CardAuthorization) => ({
  bin: a.bin,
  last4: a.last4,
  expMonth: a.expMonth,
  expYear: a.expYear,
  cardType: a.cardType ?? null,
  bank: a.bank ?? null,
});

export function toPaymentView(row: PaymentRow, orderNumber: string | null): PaymentView {
  return {
    paymentNumber: row.paymentNumber,
    reference: row.reference,
    purpose: row.purpose,
    gateway: row.gateway,
    status: row.status,
    step: row.step,
    amount: row.amount,
    paidAmount: row.paidAmount,
    orderNumber,
    channel: row.channel,
    valueGiven: row.valueGivenAt !== null,
    cardOffer: row.cardOffer === 'offered' && row.authorization ? cardOf(row.authorization) : null,
    refund: row.refundState
      ? {
          status: row.refundState,
          amount: row.refundAmount ?? row.paidAmount ?? row.amount,
          reason: row.refundReason,
          refundedAt: row.refundedAt?.toISOString() ?? null,
        }
      : null,
    declineReason: row.status === 'failed' ? (row.gatewayResponse ?? 'Declined') : null,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
