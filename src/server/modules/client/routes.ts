import { count, desc, eq, max, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { lagosDateKey } from '../../../domain/format';
import { normalizePhone } from '../../../domain/phone';
import { homeVisitInputSchema, homeVisitSchema } from '../../../domain/schemas/delivery';
import {
  clientLookupSchema,
  orderClientSummarySchema,
  orderSchema,
  staffNewOrderInputSchema,
} from '../../../domain/schemas/order';
import { homeVisits } from '../delivery/tables';
import { createOrder } from '../order/service';
import { orders } from '../order/tables';
import { clients } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Visits are booked at most this far ahead. */
const MAX_VISIT_DAYS_AHEAD = 60;

/**
 * Routes of the /api/client group:
 * - new_meeting: a client asks for a visit (installation, cylinder safety check, consultation);
 * - new_order: staff at the counter place an order for a walk-in client, found (or added) by phone;
 * - user/{email}: staff look a client up by email.
 */
const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  const maps = app.maps;
  const staff = app.requireStaff({ shift: true });

  app.post(
    '/new_meeting',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['client'],
        summary:
          'Ask for a visit from the gas center: Installation, SafetyCheck or Consultation, on a day and time slot',
        body: homeVisitInputSchema,
        response: { 201: homeVisitSchema },
      },
    },
    async (request, reply) => {
      if (!request.auth) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
      const today = lagosDateKey(new Date());
      const latest = lagosDateKey(new Date(Date.now() + MAX_VISIT_DAYS_AHEAD * DAY_MS));
      const { preferredDate } = request.body;
      if (preferredDate < today || preferredDate > latest) {
        throw new AppError(`Choose a day from today to ${MAX_VISIT_DAYS_AHEAD} days ahead`, {
          status: 400,
          type: ErrorType.InvalidInput,
          additionalInfo: { field: 'preferredDate' },
        });
      }
      const [row] = await app.db
        .insert(homeVisits)
        .values({
          clientId: request.auth.clientId,
          purpose: request.body.purpose,
          preferredDate,
          timeSlot: request.body.timeSlot,
          address: request.body.address,
          contactPhone: normalizePhone(request.body.contactPhone).local,
          note: request.body.note ?? null,
        })
        .returning();
      if (!row) throw new Error('visit insert returned nothing');
      return reply.code(201).send({
        id: row.id,
        purpose: row.purpose,
        preferredDate: row.preferredDate,
        timeSlot: row.timeSlot,
        address: row.address,
        contactPhone: row.contactPhone,
        note: row.note,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      });
    },
  );

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
      await app.db
        .insert(clients)
        .values({
          phoneLocal: phone.local,
          phoneInternational: phone.international,
          firstname: request.body.firstname ?? null,
          lastname: request.body.lastname ?? null,
        })
        .onConflictDoNothing();
      const [client] = await app.db
        .select({
          id: clients.id,
          phoneLocal: clients.phoneLocal,
          firstname: clients.firstname,
          lastname: clients.lastname,
          email: clients.email,
        })
        .from(clients)
        .where(eq(clients.phoneLocal, phone.local));
      if (!client) throw new Error('client upsert lost');
      const order = await createOrder(app.db, client.id, request.body.order, {
        maps,
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
      const [client] = await app.db
        .select({
          id: clients.id,
          phoneLocal: clients.phoneLocal,
          firstname: clients.firstname,
          lastname: clients.lastname,
          email: clients.email,
        })
        .from(clients)
        .where(sql`lower(${clients.email}) = ${request.params.email.toLowerCase()}`)
        .orderBy(desc(clients.createdAt))
        .limit(1);
      if (!client) throw new AppError('No client with this email', { status: 404, type: ErrorType.NoUserFound });
      const [stats] = await app.db
        .select({ n: count(), last: max(orders.createdAt) })
        .from(orders)
        .where(eq(orders.clientId, client.id));
      return {
        ...client,
        orderCount: stats?.n ?? 0,
        lastOrderAt: stats?.last ? new Date(stats.last).toISOString() : null,
      };
    },
  );
};

export default clientRoutes;
