import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { lagosDateKey } from '../../../domain/format';
import { normalizePhone } from '../../../domain/phone';
import { homeVisitInputSchema, homeVisitSchema } from '../../../domain/schemas/delivery';
import { homeVisits } from './tables';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Visits are booked at most this far ahead. */
const MAX_VISIT_DAYS_AHEAD = 60;

/**
 * Home visits, under the /api/client group: new_meeting, a client asks for a visit
 * (installation, cylinder safety check, consultation).
 */
const visitRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default visitRoutes;
