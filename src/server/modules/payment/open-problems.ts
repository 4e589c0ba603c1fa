import { inArray, sql } from 'drizzle-orm';
import { PaymentErrorStatus } from '../../../domain/enums';
import type { DbOrTx } from '../../db/client';
import { paymentErrors } from './tables';

/**
 * Payment problems on record that no staff member has taken up yet (new, or seen again after being
 * settled): an amount that differs from what was due, a payment Paystack cannot confirm, a transfer
 * or webhook nothing of ours matches, a refund that failed. For the operator's metrics: each one
 * is money that does not line up until someone looks.
 */
export async function untakenPaymentProblems(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentErrors)
    .where(inArray(paymentErrors.status, [PaymentErrorStatus.New, PaymentErrorStatus.Reopened]));
  return Number(row?.n ?? 0);
}
