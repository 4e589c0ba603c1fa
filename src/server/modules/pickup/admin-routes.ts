import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { adminPickupDetailSchema, errorObjectSchema, type PickupAttempt } from '../../../domain/schemas/pickup';
import type { DbOrTx } from '../../db/client';
import { findOrder, orderSummary, staffName, toPickupRecord } from './order-view';
import { type PickupAttemptRow, pickupAttempts, pickups } from './tables';

/**
 * The attempts as the history shows them: a failed one says that it failed, how, by whom and
 * when, never the text that was typed or scanned (`presented` stays in the table, unread here).
 */
async function toAttemptViews(db: DbOrTx, rows: PickupAttemptRow[]): Promise<PickupAttempt[]> {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.staffId).filter((v): v is string => v !== null))) {
    names.set(id, await staffName(db, id));
  }
  return rows.map((a) => ({
    id: a.id,
    status: a.status,
    method: a.method,
    reason: a.reason,
    staffId: a.staffId,
    staffName: a.staffId ? (names.get(a.staffId) ?? null) : null,
    createdAt: a.createdAt.toISOString(),
  }));
}

/** GET /api/admin/pickup/{id}, mounted under /api/admin by modules/index.ts: an order's pickup history, by order or pickup id. */
const adminPickupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pickup/:id',
    {
      preHandler: app.requireStaff(),
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
        attempts: await toAttemptViews(app.db, attempts),
      };
    },
  );
};

export default adminPickupRoutes;
