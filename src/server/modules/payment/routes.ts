import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/payment area. */
const paymentRoutes: FastifyPluginAsyncZod = async () => {};

export default paymentRoutes;
