import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { clientLookupSchema } from '../../../domain/schemas/order';
import { routesOf } from '../../lib/route';
import { clientOrderStats } from '../order';
import { findClientByEmail } from './service';

/**
 * The counter's look-up: user/{email}, a client by email with their order count (from the
 * order module). The walk-in sale (new_order) is sell-routes.ts.
 */
const counterRoutes = routesOf('client', async (app, route) => {
  app.get(
    '/user/:email',
    route('Staff: a client by email, with their order count', {
      who: app.requireStaff(),
      params: z.object({ email: z.email('Enter a valid email') }),
      ok: clientLookupSchema,
    }),
    async (request) => {
      const found = await findClientByEmail(app.db, request.params.email);
      if (!found) throw new AppError('No client with this email', { status: 404, type: ErrorType.NoUserFound });
      const { phoneInternational: _, ...client } = found;
      const stats = await clientOrderStats(app.db, client.id);
      return { ...client, orderCount: stats.count, lastOrderAt: stats.lastAt?.toISOString() ?? null };
    },
  );
});

export default counterRoutes;
