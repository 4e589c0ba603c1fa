import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import counterRoutes from './counter-routes';
import notificationRoutes from './notification-routes';
import privacyRoutes from './privacy-routes';
import counterSaleRoutes from './sell-routes';
import visitRoutes from './visit-routes';

/**
 * Routes of the /api/client area, one file per concern, each calling the module that owns it:
 * home visits (delivery), the counter's client look-up (order) and sales (sell), notification
 * switches (notification), and the client's data rights (privacy).
 */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(visitRoutes);
  await app.register(counterRoutes);
  await app.register(counterSaleRoutes);
  await app.register(notificationRoutes);
  await app.register(privacyRoutes);
};

export default clientRoutes;
