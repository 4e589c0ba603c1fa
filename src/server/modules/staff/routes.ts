// Routes of /api/staff: the staff list shows who is on a shift, and someone who leaves has their
// shift ended, so both calls take the shift module's functions.
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
//
// Granting CEO needs CEO; granting Manager needs CEO or Manager; nobody edits their own record.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeStaffResponseSchema } from '../../../domain/schemas/staff';
import { createStaffRoute, listStaffOnShift } from '../shift';

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(createStaffRoute('/create', ['staff']));

  app.get(
    '/active',
    {
      preHandler: app.requireStaff(),
      schema: {
        tags: ['staff'],
        summary: 'Current staff, with who is on a shift',
        response: { 200: activeStaffResponseSchema },
      },
    },
    async () => listStaffOnShift(app.db, { currentOnly: true }),
  );
};

export default staffRoutes;
