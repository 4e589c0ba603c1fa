import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import type { SimulateTransferBody } from '../../../domain/schemas/wallet';
import { simulateTransfer } from '../../integrations/paystack/emulator';
import { wallets } from './tables';

/**
 * Sandbox only: the emulator plays a bank sending money to a virtual account, so the whole path
 * (signed charge.success webhook, verification, ledger credit) runs as it would in production.
 */
export async function simulateTransferInto(
  app: FastifyInstance,
  body: SimulateTransferBody,
): Promise<{ reference: string; amount: number }> {
  if (!app.config.sandbox) throw new AppError('Not found', { status: 404, type: ErrorType.NotFound });
  const [wallet] = await app.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(eq(wallets.accountNumber, body.accountNumber));
  if (!wallet) {
    throw new AppError('No wallet holds this account number', { status: 404, type: ErrorType.WalletNotFound });
  }
  const { reference, webhookStatus } = await simulateTransfer(app, {
    accountNumber: body.accountNumber,
    amount: body.amount,
  });
  if (webhookStatus === null || webhookStatus >= 300) {
    // The emulator retries like Paystack does; say so rather than pretend it landed.
    throw new AppError('The transfer was sent but its webhook was not accepted yet', {
      status: 502,
      type: ErrorType.PaymentGatewayError,
      additionalInfo: { reference, webhookStatus },
    });
  }
  return { reference, amount: body.amount };
}
