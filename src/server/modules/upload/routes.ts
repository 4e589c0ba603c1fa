import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/upload area. */
const uploadRoutes: FastifyPluginAsyncZod = async () => {};

export default uploadRoutes;
