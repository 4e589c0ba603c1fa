import { homeVisitInputSchema, homeVisitSchema } from '../../../domain/schemas/delivery';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { bookHomeVisit } from '../delivery';

/**
 * Home visits: new_meeting, a client asks for a visit (installation, cylinder safety check,
 * consultation). The delivery module keeps the visits.
 */
const visitRoutes = routesOf('client', async (app, route) => {
  app.post(
    '/new_meeting',
    route('Ask for a visit from the gas center: Installation, SafetyCheck or Consultation, on a day and time slot', {
      who: app.requireClient,
      idempotent: true,
      body: homeVisitInputSchema,
      created: homeVisitSchema,
    }),
    async (request, reply) => {
      return reply.code(201).send(await bookHomeVisit(app.db, signedInClientId(request), request.body));
    },
  );
});

export default visitRoutes;
