import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/admin area. */
const adminRoutes: FastifyPluginAsyncZod = async () => {};

export default adminRoutes;
