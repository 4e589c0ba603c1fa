import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/admin/pickup/{id} (owned by the pickup area). */
export const adminPickupRoutes: FastifyPluginAsyncZod = async () => {};
