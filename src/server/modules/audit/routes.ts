// The audit trail, under /api/audit.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffAccess } from '../../../domain/enums';
import { auditFilterSchema, auditListQuerySchema, auditListSchema } from '../../../domain/schemas/audit';
import { auditCsv } from './csv';
import { auditRowsFor, listAudit } from './service';

export const AUDIT_READERS = [StaffAccess.CEO, StaffAccess.Manager];

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireStaff();

  app.get(
    '/',
    {
      preHandler: readers,
      schema: {
        tags: ['audit'],
        summary:
          'Staff actions on money, stock and goods, newest first, by dates, staff member and kind (CEO, Manager)',
        querystring: auditListQuerySchema,
        response: { 200: auditListSchema },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );

  app.get(
    '/export',
    {
      preHandler: readers,
      schema: {
        tags: ['audit'],
        summary: 'The same records as a CSV file, oldest first (CEO, Manager)',
        querystring: auditFilterSchema,
        response: { 200: z.string() },
      },
    },
    async (request, reply) => {
      const { events, fromDate, toDate } = await auditRowsFor(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${fromDate}-to-${toDate}.csv"`)
        .header('cache-control', 'no-store')
        .send(auditCsv(events));
    },
  );
};

export default auditRoutes;
