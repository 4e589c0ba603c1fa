// Routes of /api/supplier that sum supplies (the supply module's sums): what each supplier was
// asked for, delivered and paid.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { supplierQuotaListSchema, supplierQuotaSchema } from '../../../domain/schemas/supplier';
import { supplierQuotas } from '../supply';

const tags = ['supplier'];

const supplierQuotaRoutes: FastifyPluginAsyncZod = async (app) => {
  const readers = app.requireStaff();

  app.get(
    '/all-quota',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: 'What each supplier was asked for, delivered and paid',
        response: { 200: supplierQuotaListSchema },
      },
    },
    async () => supplierQuotas(app.db),
  );

  app.get(
    '/quota/:id',
    {
      preHandler: readers,
      schema: {
        tags,
        summary: "One supplier's quota",
        params: z.object({ id: z.uuid() }),
        response: { 200: supplierQuotaSchema },
      },
    },
    async (request) => {
      const [quota] = await supplierQuotas(app.db, request.params.id);
      if (!quota) throw new AppError('Supplier not found', { status: 404, type: ErrorType.NotFound });
      return quota;
    },
  );
};

export default supplierQuotaRoutes;
