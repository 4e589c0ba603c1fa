import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/order/pickup/{id} (owned by the pickup area). */
export const orderPickupRoutes: FastifyPluginAsyncZod = async () => {};
