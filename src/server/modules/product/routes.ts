import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productAdminRoutes } from './admin-routes';

/** Routes of the /api/product area. */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productAdminRoutes);
};

export default productRoutes;
