import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productAdminRoutes } from './admin-routes';
import shopRoutes from './shop-routes';

/**
 * Routes of the /api/product area: staff edits (admin-routes), and the shop's list with what is
 * left of each product (shop-routes, from the quota module).
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(productAdminRoutes);
  await app.register(shopRoutes);
};

export default productRoutes;
