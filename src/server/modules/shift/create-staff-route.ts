import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStaffBodySchema, createStaffResponseSchema } from '../../../domain/schemas/staff';
import { createOrUpdateStaff, currentStaff } from '../staff';
import { endShiftOnLeave } from './service';
import { listStaffOnShift } from './staff-list';

/**
 * POST {path}: the one handler behind /api/staff/create and /api/app/add_employee, so the two
 * calls cannot drift apart.
 */
export function createStaffRoute(path: string, tags: string[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      path,
      {
        preHandler: app.requireStaff(),
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Make a phone number staff with a role and accesses (creating the client when new)',
          body: createStaffBodySchema,
          response: { 200: createStaffResponseSchema, 201: createStaffResponseSchema },
        },
      },
      async (request, reply) => {
        // Someone who leaves stops working: their open shift ends in the same transaction.
        const result = await createOrUpdateStaff(app.db, currentStaff(request), request.body, endShiftOnLeave);
        const [member] = await listStaffOnShift(app.db, { id: result.staffId });
        if (!member) throw new Error('the staff record vanished');
        return reply
          .code(result.created ? 201 : 200)
          .send({ created: result.created, clientCreated: result.clientCreated, staff: member });
      },
    );
  };
}
