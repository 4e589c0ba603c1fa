import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/leads area. */
const leadsRoutes: FastifyPluginAsyncZod = async () => {};

export default leadsRoutes;
