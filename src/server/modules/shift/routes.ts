import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/shift area. */
const shiftRoutes: FastifyPluginAsyncZod = async () => {};

export default shiftRoutes;
