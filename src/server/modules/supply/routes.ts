import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/supply area. */
const supplyRoutes: FastifyPluginAsyncZod = async () => {};

export default supplyRoutes;
