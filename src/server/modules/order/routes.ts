import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderPickupRoutes } from './pickup-routes';

/** Routes of the /api/order area. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderPickupRoutes);
};

export default orderRoutes;
