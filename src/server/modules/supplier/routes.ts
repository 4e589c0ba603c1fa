// Routes of /api/supplier: the companies the gas center buys from.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
//
// GET /all-quota and GET /quota/{id} are in quota-routes.ts: a quota is a sum of supplies, which
// the supply module adds up.
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import { newSupplierBodySchema, supplierListSchema, supplierSchema } from '../../../domain/schemas/supplier';
import { routesOf } from '../../lib/route';
import supplierQuotaRoutes from './quota-routes';
import { toSupplier } from './service';
import { suppliers } from './tables';

const supplierRoutes = routesOf('supplier', async (app, route) => {
  await app.register(supplierQuotaRoutes);
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();

  app.post(
    '/new',
    route('Add a supplier', { who: staff, idempotent: true, body: newSupplierBodySchema, created: supplierSchema }),
    async (request, reply) => {
      const { phoneNumber, ...rest } = request.body;
      const [row] = await app.db
        .insert(suppliers)
        .values({ ...rest, phoneLocal: normalizePhone(phoneNumber).local })
        .onConflictDoNothing()
        .returning();
      if (!row) {
        throw new AppError('A supplier with this phone number exists', { status: 409, type: ErrorType.Conflict });
      }
      return reply.code(201).send(toSupplier(row));
    },
  );

  app.get('/', route('Every supplier', { who: staff, ok: supplierListSchema }), async () =>
    (await app.db.select().from(suppliers).orderBy(suppliers.name)).map(toSupplier),
  );
});

export default supplierRoutes;
