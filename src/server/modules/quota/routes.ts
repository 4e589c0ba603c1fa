import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/quota area. */
const quotaRoutes: FastifyPluginAsyncZod = async () => {};

export default quotaRoutes;
