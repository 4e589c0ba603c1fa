// The audit trail, under /api/audit.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import { z } from 'zod';
import { StaffAccess } from '../../../domain/enums';
import { auditFilterSchema, auditListQuerySchema, auditListSchema } from '../../../domain/schemas/audit';
import { routesOf } from '../../lib/route';
import { auditCsv } from './csv';
import { auditRowsFor, listAudit } from './service';

export const AUDIT_READERS = [StaffAccess.CEO, StaffAccess.Manager];

const auditRoutes = routesOf('audit', async (app, route) => {
  app.get(
    '/',
    route('Staff actions on money, stock and goods, newest first, by dates, staff member and kind (CEO, Manager)', {
      who: app.requireStaff(),
      query: auditListQuerySchema,
      ok: auditListSchema,
    }),
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/export',
    route('The same records as a CSV file, oldest first (CEO, Manager)', {
      who: app.requireStaff(),
      query: auditFilterSchema,
      ok: z.string(),
    }),
    async (request, reply) => {
      const { events, fromDate, toDate } = await auditRowsFor(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${fromDate}-to-${toDate}.csv"`)
        .header('cache-control', 'no-store')
        .send(auditCsv(events));
    },
  );
});

export default auditRoutes;
