import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/order area. */
const orderRoutes: FastifyPluginAsyncZod = async () => {};

export default orderRoutes;
