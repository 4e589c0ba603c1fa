import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffAccess } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  quotaInputSchema,
  quotaListSchema,
  quotaSchema,
  singleSupplierQuerySchema,
  supplierQuotaGroupsSchema,
} from '../../../domain/schemas/quota';
import { findActiveProduct } from '../product/service';
import { listQuotas } from './service';
import { quotas } from './tables';

/**
 * Routes of the /api/quota area: what may be sold of each product (stock on hand and a daily
 * cap). Reading is for any staff member on a shift; changing a quota needs Manager (or CEO)
 * access, or Admin.
 */
const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  const staff = app.requireStaff({ shift: true });
  const editors = app.requireStaff({ access: [StaffAccess.Manager, StaffAccess.Admin], shift: true });
  // A quota set or removed changes what the shop shows as left: drop the catalogue on every instance.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') app.catalogueCache.invalidate();
    return payload;
  });

  app.get(
    '/',
    {
      preHandler: staff,
      schema: {
        tags: ['quota'],
        summary: 'Every quota with what is used and left today',
        response: { 200: quotaListSchema },
      },
    },
    async () => ({ quotas: await listQuotas(app.db) }),
  );

  app.get(
    '/single_supplier',
    {
      preHandler: staff,
      schema: {
        tags: ['quota'],
        summary: 'Quotas of the products one supplier provides',
        querystring: singleSupplierQuerySchema,
        response: { 200: quotaListSchema },
      },
    },
    async (request) => ({ quotas: await listQuotas(app.db, { supplierId: request.query.supplierId }) }),
  );

  app.get(
    '/all_supplier',
    {
      preHandler: staff,
      schema: {
        tags: ['quota'],
        summary: 'Quotas grouped by supplier (null: no supplier recorded)',
        response: { 200: supplierQuotaGroupsSchema },
      },
    },
    async () => {
      const all = await listQuotas(app.db);
      const groups = new Map<string | null, typeof all>();
      for (const q of all) groups.set(q.supplierId, [...(groups.get(q.supplierId) ?? []), q]);
      return { suppliers: [...groups].map(([supplierId, list]) => ({ supplierId, quotas: list })) };
    },
  );

  app.put(
    '/:productId',
    {
      preHandler: editors,
      schema: {
        tags: ['quota'],
        summary: "Set a product's stock and daily limit (null clears a limit)",
        params: z.object({ productId: z.uuid('Unknown product') }),
        body: quotaInputSchema,
        response: { 200: quotaSchema },
      },
    },
    async (request) => {
      const { productId } = request.params;
      if (!(await findActiveProduct(app.db, productId))) {
        throw new AppError('Product not found', { status: 404, type: ErrorType.NotFound });
      }
      const values = {
        stock: request.body.stock,
        dailyLimit: request.body.dailyLimit,
        ...(request.body.supplierId !== undefined ? { supplierId: request.body.supplierId } : {}),
        ...(request.body.note !== undefined ? { note: request.body.note } : {}),
      };
      await app.db
        .insert(quotas)
        .values({ productId, ...values })
        .onConflictDoUpdate({ target: quotas.productId, set: { ...values, updatedAt: new Date() } });
      const [row] = (await listQuotas(app.db)).filter((q) => q.productId === productId);
      if (!row) throw new Error('quota upsert lost');
      return row;
    },
  );

  app.delete(
    '/:productId',
    {
      preHandler: editors,
      schema: {
        tags: ['quota'],
        summary: "Remove a product's quota (it becomes unlimited)",
        params: z.object({ productId: z.uuid('Unknown product') }),
        response: { 200: z.object({ removed: z.boolean() }) },
      },
    },
    async (request) => {
      const removed = await app.db.delete(quotas).where(eq(quotas.productId, request.params.productId)).returning();
      return { removed: removed.length > 0 };
    },
  );
};

export default quotaRoutes;
