import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/cylinder area. */
const cylinderRoutes: FastifyPluginAsyncZod = async () => {};

export default cylinderRoutes;
