// Routes of /api/admin: the staff side's calls. Who may call each one, on
// a shift or not, and on what (own, the counter, the company) is written in one table,
// src/domain/staff-scopes.ts, which the staff guard enforces. GET /pickup/{id} is pickup-routes.ts
// (the pickup module's history).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderStatusValues } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrdersQuerySchema,
  salesQuerySchema,
  staffSalesDetailSchema,
  staffSalesListSchema,
} from '../../../domain/schemas/sales';
import {
  endShiftBodySchema,
  shiftListQuerySchema,
  shiftListSchema,
  shiftOrNullSchema,
  startShiftBodySchema,
} from '../../../domain/schemas/shift';
import { lagosRange } from '../../lib/lagos-range';
import { salesByStaff, staffSalesDetail } from '../sales';
import { endShift, findShift, findShifts, startShift } from '../shift';
import { currentStaff, listStaff } from '../staff';
import { listOrders, orderDetail } from './orders-service';
import adminPickupRoutes from './pickup-routes';

const idParams = z.object({ id: z.uuid() });
const staffIdParams = z.object({ staffId: z.uuid() });

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminPickupRoutes);
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();

  app.get(
    '/orders',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'Orders placed in a Lagos day range (default today), optionally of one status',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListSchema },
      },
    },
    async (request) => listOrders(app.db, { status: request.query.status, range: lagosRange(request.query) }),
  );

  app.get(
    '/orders/:status/:fromDate/:toDate',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'The same filter as path segments (orders/{status}/{fromDate}/{toDate}); status "all" for any',
        params: z.object({
          status: z.union([z.enum(orderStatusValues), z.literal('all')]),
          fromDate: z.iso.date(),
          toDate: z.iso.date(),
        }),
        response: { 200: adminOrderListSchema },
      },
    },
    async (request) => {
      const { status, ...dates } = request.params;
      return listOrders(app.db, { status: status === 'all' ? undefined : status, range: lagosRange(dates) });
    },
  );

  app.get(
    '/orders/detail/:id',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'One order with lines and timeline',
        params: idParams,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => {
      const detail = await orderDetail(app.db, request.params.id);
      if (!detail) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
      return detail;
    },
  );

  const assertStaffExists = async (staffId: string) => {
    const [member] = await listStaff(app.db, { id: staffId });
    if (!member) throw new AppError('Staff member not found', { status: 404, type: ErrorType.NotFound });
    if (!member.isCurrentStaff) {
      throw new AppError('This person is no longer staff', { status: 409, type: ErrorType.Conflict });
    }
  };

  app.post(
    '/start_shift/:staffId',
    {
      preHandler: staff,
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary: "Start a staff member's shift with a float (Idempotency-Key honoured)",
        params: staffIdParams,
        body: startShiftBodySchema,
        response: { 201: shiftOrNullSchema },
      },
    },
    async (request, reply) => {
      await assertStaffExists(request.params.staffId);
      const row = await startShift(app.db, {
        staffId: request.params.staffId,
        startedBy: currentStaff(request).id,
        ...request.body,
      });
      return reply.code(201).send({ shift: await findShift(app.db, row.id) });
    },
  );

  app.post(
    '/end_shift/:staffId',
    {
      preHandler: staff,
      config: { idempotent: true },
      schema: {
        tags: ['admin'],
        summary: "End a staff member's shift with the counted cash (Idempotency-Key honoured)",
        params: staffIdParams,
        body: endShiftBodySchema,
        response: { 200: shiftOrNullSchema },
      },
    },
    async (request) => {
      const [member] = await listStaff(app.db, { id: request.params.staffId });
      if (!member) throw new AppError('Staff member not found', { status: 404, type: ErrorType.NotFound });
      const row = await endShift(app.db, {
        staffId: request.params.staffId,
        endedBy: currentStaff(request).id,
        ...request.body,
      });
      return { shift: await findShift(app.db, row.id) };
    },
  );

  app.get(
    '/shift/:id',
    {
      preHandler: staff,
      schema: { tags: ['admin'], summary: 'A shift by id', params: idParams, response: { 200: shiftOrNullSchema } },
    },
    async (request) => {
      const shift = await findShift(app.db, request.params.id);
      if (!shift) throw new AppError('Shift not found', { status: 404, type: ErrorType.NotFound });
      return { shift };
    },
  );

  app.get(
    '/ongoing_shift/:staffId',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: "A staff member's open shift, or null",
        params: staffIdParams,
        response: { 200: shiftOrNullSchema },
      },
    },
    async (request) => {
      const [shift] = await findShifts(app.db, { staffId: request.params.staffId, open: true }, 1);
      return { shift: shift ?? null };
    },
  );

  app.get(
    '/shift',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'Shifts started in a Lagos day range (default today), optionally of one staff member',
        querystring: shiftListQuerySchema,
        response: { 200: shiftListSchema },
      },
    },
    async (request) => {
      const range = lagosRange(request.query);
      return findShifts(app.db, { staffId: request.query.staffId, startedFrom: range.from, startedTo: range.to });
    },
  );

  app.get(
    '/sales',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'My own sales in a Lagos day range',
        querystring: salesQuerySchema,
        response: { 200: staffSalesDetailSchema },
      },
    },
    async (request) => staffSalesDetail(app.db, currentStaff(request).id, lagosRange(request.query)),
  );

  app.get(
    '/sales/staff',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: 'Sales per staff member',
        querystring: salesQuerySchema,
        response: { 200: staffSalesListSchema },
      },
    },
    async (request) => {
      const range = lagosRange(request.query);
      return { fromDate: range.fromDate, toDate: range.toDate, staff: await salesByStaff(app.db, range) };
    },
  );

  app.get(
    '/sales/:staffId',
    {
      preHandler: staff,
      schema: {
        tags: ['admin'],
        summary: "A staff member's sales (one's own, or anyone's with Admin / Accountant access)",
        params: staffIdParams,
        querystring: salesQuerySchema,
        response: { 200: staffSalesDetailSchema },
      },
    },
    async (request) => {
      // Own scope: one's own sales only (src/domain/staff-scopes.ts).
      if (request.params.staffId !== currentStaff(request).id && request.staffScope !== 'company') {
        throw new AppError('You do not have permission to view this page.', {
          status: 403,
          type: ErrorType.Forbidden,
          additionalInfo: { reason: 'NotYourRecord' },
        });
      }
      return staffSalesDetail(app.db, request.params.staffId, lagosRange(request.query));
    },
  );
};

export default adminRoutes;
