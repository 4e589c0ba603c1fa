import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  quotaInputSchema,
  quotaListSchema,
  quotaSchema,
  singleSupplierQuerySchema,
  supplierQuotaGroupsSchema,
} from '../../../domain/schemas/quota';
import { recordAudit } from '../audit';
import { findActiveProduct } from '../product';
import { currentStaff } from '../staff';
import { listQuotas } from './service';
import { quotas } from './tables';

/**
 * Routes of the /api/quota area: what may be sold of each product (stock on hand and a daily
 * cap). Reading is for any staff member on a shift; changing a quota needs Manager (or CEO)
 * access, or Admin.
 */
const quotaRoutes: FastifyPluginAsyncZod = async (app) => {
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();
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
      preHandler: staff,
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
      const product = await findActiveProduct(app.db, productId);
      if (!product) {
        throw new AppError('Product not found', { status: 404, type: ErrorType.NotFound });
      }
      const { stock, stockWas, dailyLimit, supplierId, note } = request.body;
      const values = {
        ...(stock !== undefined ? { stock } : {}),
        ...(dailyLimit !== undefined ? { dailyLimit } : {}),
        ...(supplierId !== undefined ? { supplierId } : {}),
        ...(note !== undefined ? { note } : {}),
      };
      await app.db.transaction(async (tx) => {
        // Under the row's lock: a sale committing meanwhile is either before (and seen here) or after.
        const [current] = await tx
          .select({ stock: quotas.stock, dailyLimit: quotas.dailyLimit, supplierId: quotas.supplierId })
          .from(quotas)
          .where(eq(quotas.productId, productId))
          .for('update');
        if (stock !== undefined && stockWas !== undefined && current && current.stock !== stockWas) {
          throw new AppError(
            `The stock changed to ${current.stock ?? 'not tracked'} while you were editing (sales or another editor). Check it and save again.`,
            { status: 409, type: ErrorType.Conflict, additionalInfo: { stock: current.stock } },
          );
        }
        if (!current) {
          await tx.insert(quotas).values({ productId, stock: null, dailyLimit: null, ...values });
        } else if (Object.keys(values).length > 0) {
          await tx
            .update(quotas)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(quotas.productId, productId));
        }
        await recordAudit(tx, {
          staffId: currentStaff(request).id,
          action: 'stock.changed',
          subject: product.name,
          changes: { before: current ?? null, after: { ...(current ?? { stock: null, dailyLimit: null }), ...values } },
        });
      });
      const [row] = (await listQuotas(app.db)).filter((q) => q.productId === productId);
      if (!row) throw new Error('quota upsert lost');
      return row;
    },
  );

  app.delete(
    '/:productId',
    {
      preHandler: staff,
      schema: {
        tags: ['quota'],
        summary: "Remove a product's quota (it becomes unlimited)",
        params: z.object({ productId: z.uuid('Unknown product') }),
        response: { 200: z.object({ removed: z.boolean() }) },
      },
    },
    async (request) => {
      const removed = await app.db.transaction(async (tx) => {
        const rows = await tx.delete(quotas).where(eq(quotas.productId, request.params.productId)).returning();
        const [before] = rows;
        if (before) {
          await recordAudit(tx, {
            staffId: currentStaff(request).id,
            action: 'stock.changed',
            subject: request.params.productId,
            changes: { before: { stock: before.stock, dailyLimit: before.dailyLimit }, after: null, removed: true },
          });
        }
        return rows;
      });
      return { removed: removed.length > 0 };
    },
  );
};

export default quotaRoutes;
