import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { walletPaymentBodySchema, walletPaymentResponseSchema } from '../../../domain/schemas/wallet';
import { payOrderFromWallet, walletPaymentsTogether } from './pay-order';

/** POST /api/payment/wallet: paying an order from the wallet; mounted under /api/payment by modules/index.ts. */
const walletPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  // This instance's payments of the same moment, made in one statement together.
  const together = walletPaymentsTogether(app.db);
  app.post(
    '/wallet',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['payment', 'wallet'],
        summary: 'Pay an unpaid order from the wallet (PaymentType Wallet); InsufficientFund, WalletNotFound',
        body: walletPaymentBodySchema,
        response: { 200: walletPaymentResponseSchema },
      },
    },
    async (request) => {
      if (!request.auth) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
      return payOrderFromWallet(app, request.auth.clientId, request.body.orderNumber, together);
    },
  );
};

export default walletPaymentRoutes;
