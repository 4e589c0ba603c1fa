import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/supplier area. */
const supplierRoutes: FastifyPluginAsyncZod = async () => {};

export default supplierRoutes;
