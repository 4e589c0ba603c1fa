// Routes of /api/sales: money taken from paid orders, by payment type, day and staff member, of a
// gas center or of the company (the centers module's centerScopeOf says who sees which).
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
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
import { routesOf } from '../../lib/route';
import { centerScopeOf } from '../centers';
import { currentStaff } from '../staff';
import { scopeFileName } from './report-center';
import { salesByDayCsv } from './report-csv';
import { salesReport } from './service';
import { staffSalesDetail } from './staff-sales';

const salesRoutes = routesOf('sales', async (app, route) => {
  app.get(
    '/',
    route(
      'Sales of paid orders by payment type and Lagos day (default today), of a gas center or the company with each center; CSV with format=csv or Accept: text/csv',
      {
        who: app.requireStaff(),
        query: salesReportQuerySchema,
        ok: z.union([salesTotalsSchema, z.string().describe('The CSV file')]),
      },
    ),
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
    route("A staff member's sales", {
      who: app.requireStaff(),
      params: z.object({ id: z.uuid() }),
      query: salesQuerySchema,
      ok: staffSalesDetailSchema,
    }),
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
});

export default salesRoutes;
