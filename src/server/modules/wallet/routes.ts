import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the /api/wallet area. */
const walletRoutes: FastifyPluginAsyncZod = async () => {};

export default walletRoutes;
