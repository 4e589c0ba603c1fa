import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/sales area. */
const salesRoutes: FastifyPluginAsyncZod = async () => {};

export default salesRoutes;
