import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { adminPickupDetailSchema, errorObjectSchema } from '../../../domain/schemas/pickup';
import { findOrder, orderSummary, toPickupRecord } from './order-view';
import { pickupAttempts, pickups } from './tables';

/** GET /api/admin/pickup/{id}, mounted under /api/admin by modules/index.ts: an order's pickup history, by order or pickup id. */
const adminPickupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pickup/:id',
    {
      preHandler: app.requireStaff({ shift: true }),
      schema: {
        tags: ['admin', 'pickup'],
        summary: 'The pickup history of an order: every request and every attempt at the counter',
        params: z.object({ id: z.uuid('Unknown order or pickup') }),
        response: {
          200: adminPickupDetailSchema,
          401: errorObjectSchema,
          403: errorObjectSchema,
          404: errorObjectSchema,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const [asPickup] = await app.db.select({ orderId: pickups.orderId }).from(pickups).where(eq(pickups.id, id));
      const order = await findOrder(app.db, asPickup?.orderId ?? id);
      if (!order) throw new AppError('No such order or pickup', { status: 404, type: ErrorType.NotFound });
      const rows = await app.db
        .select()
        .from(pickups)
        .where(eq(pickups.orderId, order.id))
        .orderBy(desc(pickups.requestedAt));
      const attempts = await app.db
        .select()
        .from(pickupAttempts)
        .where(eq(pickupAttempts.orderId, order.id))
        .orderBy(desc(pickupAttempts.createdAt))
        .limit(200);
      const records = [];
      for (const row of rows) records.push(await toPickupRecord(app.db, row));
      return {
        order: await orderSummary(app.db, order, await app.pickupChannel.isClientOnline(order.clientId)),
        pickups: records,
        attempts: attempts.map((a) => ({
          id: a.id,
          status: a.status,
          method: a.method,
          reason: a.reason,
          staffId: a.staffId,
          createdAt: a.createdAt.toISOString(),
        })),
      };
    },
  );
};

export default adminPickupRoutes;
