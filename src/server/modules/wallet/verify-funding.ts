import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { VerifyWalletPaymentBody, VerifyWalletPaymentResponse } from '../../../domain/schemas/wallet';
import { verifyPaymentByReference } from '../payment';
import { findClientFunding } from './funding';
import { requireActiveWallet } from './queries';
import { walletFundings, wallets } from './tables';

/**
 * POST wallet/verify_payment: answers where a top-up stands. One not yet complete (the webhook
 * is late or lost, or a crash stopped it mid-way) is verified with Paystack through the payment
 * area, which gives value at most once and runs the wallet's funding steps.
 */
export async function verifyFunding(
  app: FastifyInstance,
  clientId: string,
  key: VerifyWalletPaymentBody,
): Promise<VerifyWalletPaymentResponse> {
  const wallet = await requireActiveWallet(app.db, clientId);
  let funding = await findClientFunding(app.db, wallet.id, key);
  let status: VerifyWalletPaymentResponse['status'] = funding.step === 'AllDDbUpdated' ? 'success' : 'pending';

  if (status === 'pending') {
    const result = await verifyPaymentByReference(app, funding.reference);
    const [after] = await app.db.select().from(walletFundings).where(eq(walletFundings.id, funding.id));
    if (after) funding = after;
    if (funding.step === 'AllDDbUpdated') status = 'success';
    // A mismatch is set aside for staff and an unreachable gateway is asked again later: both pending.
    else if (result?.outcome === 'failed') status = 'failed';
  }
  const [current] = await app.db.select({ balance: wallets.balance }).from(wallets).where(eq(wallets.id, wallet.id));
  return {
    status,
    amount: funding.amount,
    paymentNumber: funding.paymentNumber,
    paymentReference: funding.reference,
    balance: current?.balance ?? wallet.balance,
  };
}
