import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPickupRoutes } from './pickup-routes';

/** Routes of the /api/admin area. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminPickupRoutes);
};

export default adminRoutes;
