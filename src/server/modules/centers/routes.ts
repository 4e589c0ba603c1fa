// Routes of /api/centers: the list is public (the shop shows where to collect, the screens name
// each center); adding one takes CEO access; a center is changed by the CEO, or by a Manager who
// works there.
//
// Who may call each staff route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
// The table lets CEO and Manager access through (they pass every access check); the guards here
// narrow that before the body is read, as the hand-over's approval does.
import type { FastifyRequest } from 'fastify';
import { StaffAccess } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  centerIdParamsSchema,
  centerListQuerySchema,
  centerListSchema,
  centerSchema,
  newCenterBodySchema,
  updateCenterBodySchema,
} from '../../../domain/schemas/center';
import { routesOf } from '../../lib/route';
import { centerIdsOfStaff, currentStaff } from '../staff';
import { createCenter, listCenters, updateCenter } from './service';
import { transferRoutes } from './transfer-routes';

const refused = (message: string, reason: string) =>
  new AppError(message, { status: 403, type: ErrorType.Forbidden, additionalInfo: { reason } });

const isCeo = (request: FastifyRequest) => Boolean(request.staff?.access.includes(StaffAccess.CEO));

const centersRoutes = routesOf('centers', async (app, route) => {
  // Stock sent between centers: /api/centers/transfers (transfer-routes.ts).
  await app.register(transferRoutes, { prefix: '/transfers' });
  const staff = app.requireStaff();

  /** After requireStaff: CEO access only. */
  const ceoOnly = async (request: FastifyRequest) => {
    if (!isCeo(request)) throw refused('Only a CEO can add a gas center.', 'CeoOnly');
  };
  /** After requireStaff: CEO access, or a member of the center named in the path. */
  const worksAtCenter = async (request: FastifyRequest) => {
    if (isCeo(request)) return;
    const centerId = (request.params as { id?: unknown }).id;
    const member = currentStaff(request);
    const theirs = await centerIdsOfStaff(app.db, member.id);
    if (typeof centerId !== 'string' || !theirs.includes(centerId)) {
      throw refused('You can change only a gas center you work at.', 'NotYourCenter');
    }
  };

  app.get(
    '/',
    route(
      'Every gas center, by name: where it is, its phone and opening hours; with near=lat,lng nearest first, with its distance',
      { query: centerListQuerySchema, ok: centerListSchema },
    ),
    async (request) => ({ centers: await listCenters(app.db, request.query.near) }),
  );

  app.post(
    '/',
    route('Add a gas center (CEO access)', {
      onRequest: [staff, ceoOnly],
      idempotent: true,
      body: newCenterBodySchema,
      created: centerSchema,
    }),
    async (request, reply) => {
      const center = await createCenter(app.db, currentStaff(request).id, request.body);
      app.centerNews.tell();
      return reply.code(201).send(center);
    },
  );

  app.put(
    '/:id',
    route('Change a gas center: its name, address, location, phone or hours (CEO, or a Manager who works there)', {
      onRequest: [staff, worksAtCenter],
      idempotent: true,
      params: centerIdParamsSchema,
      body: updateCenterBodySchema,
      ok: centerSchema,
    }),
    async (request) => {
      const center = await updateCenter(app.db, currentStaff(request).id, request.params.id, request.body);
      if (!center) throw new AppError('Gas center not found', { status: 404, type: ErrorType.NotFound });
      app.centerNews.tell();
      return center;
    },
  );
});

export default centersRoutes;
