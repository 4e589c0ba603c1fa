import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/payment/wallet: paying an order from the wallet (owned by the wallet area). */
export const walletPaymentRoutes: FastifyPluginAsyncZod = async () => {};
