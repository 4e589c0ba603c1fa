import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { adminPickupDetailSchema, errorObjectSchema } from '../../../domain/schemas/pickup';
import { routesOf } from '../../lib/route';
import { pickupHistoryOf } from '../pickup';

/** GET /api/admin/pickup/{id}: an order's pickup history, by order or pickup id (the pickup module's). */
const adminPickupRoutes = routesOf(['admin', 'pickup'], async (app, route) => {
  app.get(
    '/pickup/:id',
    route('The pickup history of an order: every request and every attempt at the counter', {
      who: app.requireStaff(),
      params: z.object({ id: z.uuid('Unknown order or pickup') }),
      response: {
        200: adminPickupDetailSchema,
        401: errorObjectSchema,
        403: errorObjectSchema,
        404: errorObjectSchema,
      },
    }),
    async (request) => {
      const history = await pickupHistoryOf(app.db, request.params.id, (clientId) =>
        app.pickupChannel.isClientOnline(clientId),
      );
      if (!history) throw new AppError('No such order or pickup', { status: 404, type: ErrorType.NotFound });
      return history;
    },
  );
});

export default adminPickupRoutes;
