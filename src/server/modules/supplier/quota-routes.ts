// Routes of /api/supplier that sum supplies (the supply module's sums): what each supplier was
// asked for, delivered and paid.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { supplierQuotaListSchema, supplierQuotaSchema } from '../../../domain/schemas/supplier';
import { routesOf } from '../../lib/route';
import { supplierQuotas } from '../supply';

const supplierQuotaRoutes = routesOf('supplier', async (app, route) => {
  const readers = app.requireStaff();

  app.get(
    '/all-quota',
    route('What each supplier was asked for, delivered and paid', { who: readers, ok: supplierQuotaListSchema }),
    async () => supplierQuotas(app.db),
  );

  app.get(
    '/quota/:id',
    route("One supplier's quota", { who: readers, params: z.object({ id: z.uuid() }), ok: supplierQuotaSchema }),
    async (request) => {
      const [quota] = await supplierQuotas(app.db, request.params.id);
      if (!quota) throw new AppError('Supplier not found', { status: 404, type: ErrorType.NotFound });
      return quota;
    },
  );
});

export default supplierQuotaRoutes;
