import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { lagosDateKey } from '../../../domain/format';
import {
  quotaInputSchema,
  quotaListSchema,
  quotaSchema,
  singleSupplierQuerySchema,
  supplierQuotaGroupsSchema,
} from '../../../domain/schemas/quota';
import { stockReportQuerySchema, stockReportSchema } from '../../../domain/schemas/stock-report';
import { fileNamePart, sendCsv, wantsCsv } from '../../lib/csv';
import { routesOf } from '../../lib/route';
import { recordAudit } from '../audit';
import { centerScopeOf, staffCenter } from '../centers';
import { findActiveProduct } from '../product';
import { currentStaff } from '../staff';
import { stockCsv } from './report-csv';
import { listQuotas } from './service';
import { stockReport } from './stock-report';
import { quotas } from './tables';

/** `?center=`: whose stock; without it, the center of the caller's shift. */
const centerQuery = z.object({
  center: z.string().max(64).optional().describe("A gas center's id (default: the center of your shift)"),
});

/**
 * Routes of the /api/quota area: what may be sold of each product at a gas center (stock on hand
 * and a daily cap). Reading is for any staff member on a shift; changing a quota needs Manager (or
 * CEO) access, or Admin. CEO and Manager access reach every center's stock; anyone else only the
 * stock of their shift's center (centers/service.ts staffCenter).
 */
const quotaRoutes = routesOf('quota', async (app, route) => {
  const centerFor = (request: FastifyRequest, asked: string | undefined) =>
    staffCenter(app.db, currentStaff(request), asked);
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();
  // A quota set or removed changes what the shop shows as left: drop the catalogue on every instance.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') app.catalogueCache.invalidate();
    return payload;
  });

  app.get(
    '/',
    route('Every quota of a gas center with what is used and left there today', {
      who: staff,
      query: centerQuery,
      ok: quotaListSchema,
    }),
    async (request) => {
      const center = await centerFor(request, request.query.center);
      return { quotas: await listQuotas(app.db, center.id) };
    },
  );

  app.get(
    '/report',
    route(
      'Stock on hand and in transit of each product counted, at a gas center or at every center with the company total; CSV with format=csv or Accept: text/csv',
      {
        who: staff,
        query: stockReportQuerySchema,
        ok: z.union([stockReportSchema, z.string().describe('The CSV file')]),
      },
    ),
    async (request, reply) => {
      // As the sales reports: CEO and Manager any center or the company, others their shift's.
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      const report = await stockReport(app.db, scope);
      if (!wantsCsv(request, request.query.format)) return report;
      const name = `stock-${fileNamePart(scope.center?.name ?? 'All centers')}-${lagosDateKey(report.asOf)}.csv`;
      return sendCsv(reply, name, stockCsv(report));
    },
  );

  app.get(
    '/single_supplier',
    route('Quotas of the products one supplier provides, at a gas center', {
      who: staff,
      query: singleSupplierQuerySchema.extend(centerQuery.shape),
      ok: quotaListSchema,
    }),
    async (request) => {
      const center = await centerFor(request, request.query.center);
      return { quotas: await listQuotas(app.db, center.id, { supplierId: request.query.supplierId }) };
    },
  );

  app.get(
    '/all_supplier',
    route('Quotas of a gas center grouped by supplier (null: no supplier recorded)', {
      who: staff,
      query: centerQuery,
      ok: supplierQuotaGroupsSchema,
    }),
    async (request) => {
      const center = await centerFor(request, request.query.center);
      const all = await listQuotas(app.db, center.id);
      const groups = new Map<string | null, typeof all>();
      for (const q of all) groups.set(q.supplierId, [...(groups.get(q.supplierId) ?? []), q]);
      return { suppliers: [...groups].map(([supplierId, list]) => ({ supplierId, quotas: list })) };
    },
  );

  app.put(
    '/:productId',
    route("Set a product's stock and daily limit at a gas center (null clears a limit)", {
      who: staff,
      params: z.object({ productId: z.uuid('Unknown product') }),
      query: centerQuery,
      body: quotaInputSchema,
      ok: quotaSchema,
    }),
    async (request) => {
      const { productId } = request.params;
      const center = await centerFor(request, request.query.center);
      const here = and(eq(quotas.productId, productId), eq(quotas.centerId, center.id));
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
          .where(here)
          .for('update');
        if (stock !== undefined && stockWas !== undefined && current && current.stock !== stockWas) {
          throw new AppError(
            `The stock changed to ${current.stock ?? 'not tracked'} while you were editing (sales or another editor). Check it and save again.`,
            { status: 409, type: ErrorType.Conflict, additionalInfo: { stock: current.stock } },
          );
        }
        if (!current) {
          await tx.insert(quotas).values({ productId, centerId: center.id, stock: null, dailyLimit: null, ...values });
        } else if (Object.keys(values).length > 0) {
          await tx
            .update(quotas)
            .set({ ...values, updatedAt: new Date() })
            .where(here);
        }
        await recordAudit(tx, {
          staffId: currentStaff(request).id,
          action: 'stock.changed',
          subject: product.name,
          changes: {
            centerId: center.id,
            centerName: center.name,
            before: current ?? null,
            after: { ...(current ?? { stock: null, dailyLimit: null }), ...values },
          },
        });
      });
      const [row] = await listQuotas(app.db, center.id, { productId });
      if (!row) throw new Error('quota upsert lost');
      return row;
    },
  );

  app.delete(
    '/:productId',
    route("Remove a product's quota at a gas center (it becomes unlimited there)", {
      who: staff,
      params: z.object({ productId: z.uuid('Unknown product') }),
      query: centerQuery,
      ok: z.object({ removed: z.boolean() }),
    }),
    async (request) => {
      const center = await centerFor(request, request.query.center);
      const removed = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(quotas)
          .where(and(eq(quotas.productId, request.params.productId), eq(quotas.centerId, center.id)))
          .returning();
        const [before] = rows;
        if (before) {
          await recordAudit(tx, {
            staffId: currentStaff(request).id,
            action: 'stock.changed',
            subject: request.params.productId,
            changes: {
              centerId: center.id,
              centerName: center.name,
              before: { stock: before.stock, dailyLimit: before.dailyLimit },
              after: null,
              removed: true,
            },
          });
        }
        return rows;
      });
      return { removed: removed.length > 0 };
    },
  );
});

export default quotaRoutes;
