import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/dev area. */
const devRoutes: FastifyPluginAsyncZod = async () => {};

export default devRoutes;
