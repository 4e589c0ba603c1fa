import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/pickup area. */
const pickupRoutes: FastifyPluginAsyncZod = async () => {};

export default pickupRoutes;
