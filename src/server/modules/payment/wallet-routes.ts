import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletPaymentBodySchema, walletPaymentResponseSchema } from '../../../domain/schemas/wallet';
import { signedInClientId } from '../../lib/signed-in';
import { payOrderFromWallet, walletPaymentsTogether } from '../wallet';

/** POST /api/payment/wallet: paying an order from the wallet, which the wallet module does. */
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
      const { homeDelivery, ...paid } = await payOrderFromWallet(
        app,
        signedInClientId(request),
        request.body.orderNumber,
        together,
      );
      // A paid home delivery joins its center's dispatch board now.
      if (homeDelivery) app.deliveryNotices.orderPaid({ orderNumber: paid.orderNumber });
      return paid;
    },
  );
};

export default walletPaymentRoutes;
