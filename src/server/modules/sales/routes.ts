// Routes of /api/sales: money taken from paid orders, by payment type, day and staff member, of a
// gas center or of the company (the centers module's centerScopeOf says who sees which).
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  salesQuerySchema,
  salesReportQuerySchema,
  salesTotalsSchema,
  staffSalesDetailSchema,
} from '../../../domain/schemas/sales';
import { fileNamePart, sendCsv, wantsCsv } from '../../lib/csv';
import { lagosRange } from '../../lib/lagos-range';
import { centerScopeOf } from '../centers';
import { currentStaff } from '../staff';
import { scopeFileName } from './report-center';
import { salesByDayCsv } from './report-csv';
import { salesReport } from './service';
import { staffSalesDetail } from './staff-sales';

const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: ['sales'],
        summary:
          'Sales of paid orders by payment type and Lagos day (default today), of a gas center or the company with each center; CSV with format=csv or Accept: text/csv',
        querystring: salesReportQuerySchema,
        response: { 200: z.union([salesTotalsSchema, z.string().describe('The CSV file')]) },
      },
    },
    async (request, reply) => {
      const range = lagosRange(request.query);
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      const report = await salesReport(app.db, range, scope);
      if (!wantsCsv(request, request.query.format)) return report;
      const name = `sales-by-day-${fileNamePart(scopeFileName(scope))}-${range.fromDate}-to-${range.toDate}.csv`;
      return sendCsv(reply, name, salesByDayCsv(report));
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
