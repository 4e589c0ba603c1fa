// Routes of /api/supplier: the companies the gas center buys from.
//
// | Route              | Access (CEO and Manager always pass) | Working shift |
// | ------------------ | ------------------------------------ | ------------- |
// | POST /new          | Admin                                | yes           |
// | GET  /             | Admin, Accountant                    | yes           |
// | GET  /all-quota    | Admin, Accountant                    | yes           |
// | GET  /quota/{id}   | Admin, Accountant                    | yes           |
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StaffAccess } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import {
  newSupplierBodySchema,
  supplierListSchema,
  supplierQuotaListSchema,
  supplierQuotaSchema,
  supplierSchema,
} from '../../../domain/schemas/supplier';
import { supplierQuotas, toSupplier } from './service';
import { suppliers } from './tables';

const tags = ['supplier'];

const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const writers = app.requireStaff({ access: [StaffAccess.Admin], shift: true });
  const readers = app.requireStaff({ access: [StaffAccess.Admin, StaffAccess.Accountant], shift: true });

  app.post(
    '/new',
    {
      preHandler: writers,
      config: { idempotent: true },
      schema: { tags, summary: 'Add a supplier', body: newSupplierBodySchema, response: { 201: supplierSchema } },
    },
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

  app.get(
    '/',
    { preHandler: readers, schema: { tags, summary: 'Every supplier', response: { 200: supplierListSchema } } },
    async () => (await app.db.select().from(suppliers).orderBy(suppliers.name)).map(toSupplier),
  );

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

export default supplierRoutes;
