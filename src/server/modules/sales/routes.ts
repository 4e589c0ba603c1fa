// Routes of /api/sales: money taken from paid orders, by payment type, day and staff member.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { salesQuerySchema, salesTotalsSchema, staffSalesDetailSchema } from '../../../domain/schemas/sales';
import { lagosRange } from '../../lib/lagos-range';
import { currentStaff } from '../staff';
import { paidOrdersIn, summarise } from './service';
import { staffSalesDetail } from './staff-sales';

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: ['sales'],
        summary: 'Sales of paid orders by payment type and Lagos day (default today)',
        querystring: salesQuerySchema,
        response: { 200: salesTotalsSchema },
      },
    },
    async (request) => {
      const range = lagosRange(request.query);
      return summarise(range, await paidOrdersIn(app.db, range));
    },
  );

  app.get(
    '/staff/:id',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: ['sales'],
        summary: "A staff member's sales",
        params: z.object({ id: z.uuid() }),
        querystring: salesQuerySchema,
        response: { 200: staffSalesDetailSchema },
      },
    },
    async (request) => {
      // Own scope: one's own sales only (src/domain/staff-scopes.ts).
      if (request.params.id !== currentStaff(request).id && request.staffScope !== 'company') {
        throw new AppError('You do not have permission to view this page.', {
          status: 403,
          type: ErrorType.Forbidden,
          additionalInfo: { reason: 'NotYourRecord' },
        });
      }
      return staffSalesDetail(app.db, request.params.id, lagosRange(request.query));
    },
  );
};

export default salesRoutes;
