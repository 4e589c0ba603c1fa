import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { normalizePhone } from '../../../domain/phone';
import {
  clientLookupSchema,
  orderClientSummarySchema,
  orderSchema,
  staffNewOrderInputSchema,
} from '../../../domain/schemas/order';
import { addClient, findClientByEmail, findClientByPhone } from '../client/service';
import { clientOrderStats } from './lookups';
import { createOrder } from './service';

/**
 * The counter's calls under the /api/client group (SPEC):
 * - new_order: staff at the counter place an order for a walk-in client, found (or added) by phone;
 * - user/{email}: staff look a client up by email, with their order count.
 */
const counterRoutes: FastifyPluginAsyncZod = async (app) => {
  const maps = app.maps;
  const staff = app.requireStaff({ shift: true });

  app.post(
    '/new_order',
    {
      preHandler: staff,
      config: { idempotent: true },
      schema: {
        tags: ['client'],
        summary: 'Staff: place an order for a walk-in client by phone (the client is added if new)',
        body: staffNewOrderInputSchema,
        response: { 201: z.object({ client: orderClientSummarySchema, order: orderSchema }) },
      },
    },
    async (request, reply) => {
      const phone = normalizePhone(request.body.phone);
      if (!phone.pass) {
        throw new AppError('Mobile number format is not correct', { status: 400, type: ErrorType.InvalidInput });
      }
      const row =
        (await addClient(app.db, {
          phoneLocal: phone.local,
          phoneInternational: phone.international,
          firstname: request.body.firstname ?? null,
          lastname: request.body.lastname ?? null,
        })) ?? (await findClientByPhone(app.db, phone.local));
      if (!row) throw new Error('client upsert lost');
      const client = {
        id: row.id,
        phoneLocal: row.phoneLocal,
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
      };
      const order = await createOrder(app.db, client.id, request.body.order, {
        maps,
        legs: app.orderLegs,
        actorClientId: request.auth?.clientId,
      });
      return reply.code(201).send({ client, order });
    },
  );

  app.get(
    '/user/:email',
    {
      preHandler: staff,
      schema: {
        tags: ['client'],
        summary: 'Staff: a client by email, with their order count',
        params: z.object({ email: z.email('Enter a valid email') }),
        response: { 200: clientLookupSchema },
      },
    },
    async (request) => {
      const found = await findClientByEmail(app.db, request.params.email);
      if (!found) throw new AppError('No client with this email', { status: 404, type: ErrorType.NoUserFound });
      const { phoneInternational: _, ...client } = found;
      const stats = await clientOrderStats(app.db, client.id);
      return { ...client, orderCount: stats.count, lastOrderAt: stats.lastAt?.toISOString() ?? null };
    },
  );
};

export default counterRoutes;
