import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { homeVisitInputSchema, homeVisitSchema } from '../../../domain/schemas/delivery';
import { signedInClientId } from '../../lib/signed-in';
import { bookHomeVisit } from '../delivery';

/**
 * Home visits: new_meeting, a client asks for a visit (installation, cylinder safety check,
 * consultation). The delivery module keeps the visits.
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
      return reply.code(201).send(await bookHomeVisit(app.db, signedInClientId(request), request.body));
    },
  );
};

export default visitRoutes;
