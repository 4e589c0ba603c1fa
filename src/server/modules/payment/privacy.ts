import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clientRecords } from '../../db/client-records';
import { payments, savedCards } from './tables';
import { cardDetailsOf } from './view';

/**
 * The client's payments as exported. The checkout's access code and link, and the card's charge
 * authorization, are left out: they would let whoever holds the file pay or charge again.
 */
export async function paymentRecords(db: DbOrTx, clientId: string) {
  const rows = await clientRecords(db, payments, clientId, payments.createdAt, {
    paymentNumber: payments.paymentNumber,
    reference: payments.reference,
    purpose: payments.purpose,
    gateway: payments.gateway,
    status: payments.status,
    amount: payments.amount,
    paidAmount: payments.paidAmount,
    orderId: payments.orderId,
    email: payments.email,
    channel: payments.channel,
    gatewayResponse: payments.gatewayResponse,
    authorization: payments.authorization,
    paidAt: payments.paidAt,
    refundState: payments.refundState,
    refundAmount: payments.refundAmount,
    refundedAt: payments.refundedAt,
    createdAt: payments.createdAt,
  });
  return rows.map(({ authorization, ...row }) => ({
    ...row,
    card: authorization ? cardDetailsOf(authorization) : null,
  }));
}

/** The card the client kept, as shown to them: never its charge authorization. */
export async function savedCardRecord(db: DbOrTx, clientId: string) {
  const [row] = await db
    .select({
      email: savedCards.email,
      bin: savedCards.bin,
      last4: savedCards.last4,
      expMonth: savedCards.expMonth,
      expYear: savedCards.expYear,
      cardType: savedCards.cardType,
      bank: savedCards.bank,
      createdAt: savedCards.createdAt,
    })
    .from(savedCards)
    .where(eq(savedCards.clientId, clientId));
  return row ?? null;
}

/**
 * Forgets the client's card and email on their payments; the payments themselves (reference,
 * amount, status, refunds, and the checkout still watched for a late success to refund) stay for
 * the accounts and for matching the gateway's records.
 */
export async function erasePaymentPersonalFields(tx: DbOrTx, clientId: string, pseudonymEmail: string): Promise<void> {
  await tx.delete(savedCards).where(eq(savedCards.clientId, clientId));
  await tx.update(payments).set({ email: pseudonymEmail, authorization: null }).where(eq(payments.clientId, clientId));
}
