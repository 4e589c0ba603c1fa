import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/staff area. */
const staffRoutes: FastifyPluginAsyncZod = async () => {};

export default staffRoutes;
