import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/auth area. */
const authRoutes: FastifyPluginAsyncZod = async () => {};

export default authRoutes;
