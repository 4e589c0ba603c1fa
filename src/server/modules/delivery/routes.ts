import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/delivery area. */
const deliveryRoutes: FastifyPluginAsyncZod = async () => {};

export default deliveryRoutes;
