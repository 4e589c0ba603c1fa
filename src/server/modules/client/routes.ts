import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/client area. */
const clientRoutes: FastifyPluginAsyncZod = async () => {};

export default clientRoutes;
