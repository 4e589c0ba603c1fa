import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/address area. */
const addressRoutes: FastifyPluginAsyncZod = async () => {};

export default addressRoutes;
