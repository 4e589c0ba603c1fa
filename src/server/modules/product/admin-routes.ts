import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Staff product updates: prices with history (owned by the dashboard area). */
export const productAdminRoutes: FastifyPluginAsyncZod = async () => {};
