import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productAdminRoutes } from './admin-routes';

/**
 * Routes of the /api/product area owned by the catalogue: staff edits (admin-routes). The shop's
 * list and each product with what is left of it are served by the quota area (quota/shop-routes).
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productAdminRoutes);
};

export default productRoutes;
