import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/product area. */
const productRoutes: FastifyPluginAsyncZod = async () => {};

export default productRoutes;
