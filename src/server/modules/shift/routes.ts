import type { FastifyRequest } from 'fastify';
import { AppError, ErrorType } from '../../../domain/errors';
import { centerQuerySchema, type ReportCenterParam } from '../../../domain/schemas/sales';
import {
  endShiftBodySchema,
  shiftIdParamsSchema,
  shiftListSchema,
  shiftOrNullSchema,
  staffIdParamsSchema,
  startShiftBodySchema,
} from '../../../domain/schemas/shift';
import { assertActingClient } from '../../lib/acting-client';
import { onServerClock } from '../../lib/device-time';
import { lagosRange } from '../../lib/lagos-range';
import { routesOf } from '../../lib/route';
import { centerScopeOf } from '../centers';
import { deliveriesCarriedBy } from '../delivery';
import { currentStaff } from '../staff';
import { endShift, findShift, findShifts, startShift } from './service';

const shiftRoutes = routesOf('shift', async (app, route) => {
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();

  app.post(
    '/start',
    route('Start my shift with a cash float (Idempotency-Key honoured)', {
      who: staff,
      idempotent: true,
      body: startShiftBodySchema,
      created: shiftOrNullSchema,
    }),
    async (request, reply) => {
      assertActingClient(request);
      const me = currentStaff(request);
      const row = await startShift(app.db, {
        staffId: me.id,
        startedBy: me.id,
        ...request.body,
        at: onServerClock(request, request.body.at),
      });
      return reply.code(201).send({ shift: await findShift(app.db, row.id) });
    },
  );

  app.post(
    '/end',
    route('End my shift with the counted cash; answers the variance (Idempotency-Key honoured)', {
      who: staff,
      idempotent: true,
      body: endShiftBodySchema,
      ok: shiftOrNullSchema,
    }),
    async (request) => {
      assertActingClient(request);
      const me = currentStaff(request);
      // A rider carrying a delivery ends the shift once it is handed over (or reassigned): after,
      // they could no longer move it, and the goods would be on the road with nobody on duty.
      const carried = request.auth ? await deliveriesCarriedBy(app.db, request.auth.clientId) : [];
      if (carried.length > 0) {
        throw new AppError(
          `You are still carrying ${carried.join(', ')}. Deliver ${carried.length === 1 ? 'it' : 'them'}, or ask the dispatcher to reassign ${carried.length === 1 ? 'it' : 'them'}, before ending your shift.`,
          { status: 409, type: ErrorType.Conflict, additionalInfo: { reason: 'CarryingDeliveries', orders: carried } },
        );
      }
      const row = await endShift(app.db, {
        staffId: me.id,
        endedBy: me.id,
        ...request.body,
        at: onServerClock(request, request.body.at),
      });
      return { shift: await findShift(app.db, row.id) };
    },
  );

  app.get('/active', route('My open shift, or null', { who: staff, ok: shiftOrNullSchema }), async (request) => {
    const [shift] = await findShifts(app.db, { staffId: currentStaff(request).id, open: true }, 1);
    return { shift: shift ?? null };
  });

  app.get(
    '/today',
    route('My shifts started today (Lagos day)', { who: staff, ok: shiftListSchema }),
    async (request) => {
      const { from, to } = lagosRange({});
      return findShifts(app.db, { staffId: currentStaff(request).id, startedFrom: from, startedTo: to });
    },
  );

  /** The gas center a list of everyone's shifts is of (null: every center's): centerScopeOf's rule. */
  const listCenterOf = async (request: FastifyRequest, asked: ReportCenterParam | undefined) =>
    (await centerScopeOf(app.db, currentStaff(request), asked)).centerId;

  app.get(
    '/all_today',
    route("Everyone's shifts started today at a gas center (the shift's; a CEO or Manager: any, or all)", {
      who: staff,
      query: centerQuerySchema,
      ok: shiftListSchema,
    }),
    async (request) => {
      const centerId = await listCenterOf(request, request.query.center);
      const { from, to } = lagosRange({});
      return findShifts(app.db, { startedFrom: from, startedTo: to, ...(centerId ? { centerId } : {}) });
    },
  );

  app.get(
    '/all_active',
    route("Every open shift at a gas center (the shift's; a CEO or Manager: any, or all)", {
      who: staff,
      query: centerQuerySchema,
      ok: shiftListSchema,
    }),
    async (request) => {
      const centerId = await listCenterOf(request, request.query.center);
      return findShifts(app.db, { open: true, ...(centerId ? { centerId } : {}) });
    },
  );

  app.get(
    '/active/:staffId',
    route("A staff member's open shift, or null", { who: staff, params: staffIdParamsSchema, ok: shiftOrNullSchema }),
    async (request) => {
      const [shift] = await findShifts(app.db, { staffId: request.params.staffId, open: true }, 1);
      return { shift: shift ?? null };
    },
  );

  app.get(
    '/:id',
    route('A shift by id', { who: staff, params: shiftIdParamsSchema, ok: shiftOrNullSchema }),
    async (request) => {
      const me = currentStaff(request);
      const shift = await findShift(app.db, request.params.id);
      const mayRead = shift && (shift.staffId === me.id || request.staffScope === 'company');
      // Someone else's shift answers as if it did not exist, like any record one may not see.
      if (!shift || !mayRead) throw new AppError('Shift not found', { status: 404, type: ErrorType.NotFound });
      return { shift };
    },
  );
});

export default shiftRoutes;
