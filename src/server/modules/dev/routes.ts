import { z } from 'zod';
import { routesOf } from '../../lib/route';

const outboxResponseSchema = z.object({
  messages: z.array(z.object({ to: z.string(), body: z.string(), createdAt: z.string() })),
});

/**
 * Routes of the /api/dev area, mounted in sandbox mode only. The outbox holds what the console
 * SMS provider "sent" (empty when a real provider is configured), so people and browser tests can
 * read sign-in codes.
 */
const devRoutes = routesOf('dev', async (app, route) => {
  app.get(
    '/outbox',
    route('Messages of the console SMS provider, newest first', {
      query: z.object({ to: z.string().trim().max(20).optional() }),
      ok: outboxResponseSchema,
    }),
    async (request) => ({ messages: app.sms.outbox.list(request.query.to) }),
  );
});

export default devRoutes;
