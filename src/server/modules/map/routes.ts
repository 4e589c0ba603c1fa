import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/map area. */
const mapRoutes: FastifyPluginAsyncZod = async () => {};

export default mapRoutes;
