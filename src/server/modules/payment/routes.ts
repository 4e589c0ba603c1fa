import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletPaymentRoutes } from './wallet-routes';

/** Routes of the /api/payment area. */
const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(walletPaymentRoutes);
};

export default paymentRoutes;
