// Routes of /api/admin: the staff side's calls. Who may call each one, on
// a shift or not, and on what (own, the counter, the company) is written in one table,
// src/domain/staff-scopes.ts, which the staff guard enforces. GET /pickup/{id} is pickup-routes.ts
// (the pickup module's history).
import { z } from 'zod';
import { orderStatusValues } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { moveOrderBodySchema, orderMovedSchema } from '../../../domain/schemas/order';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrdersQuerySchema,
  centerQuerySchema,
  salesQuerySchema,
  salesReportQuerySchema,
  staffSalesDetailSchema,
  staffSalesListSchema,
} from '../../../domain/schemas/sales';
import {
  drawersQuerySchema,
  endShiftBodySchema,
  shiftListSchema,
  shiftOrNullSchema,
  startShiftBodySchema,
} from '../../../domain/schemas/shift';
import { fileNamePart, sendCsv, wantsCsv } from '../../lib/csv';
import { lagosRange } from '../../lib/lagos-range';
import { routesOf } from '../../lib/route';
import { centerScopeOf } from '../centers';
import { moveOrderToCenter } from '../order';
import {
  ALL_CENTERS,
  salesByStaff,
  salesByStaffCsv,
  scopeFileName,
  staffSalesDetail,
  staffSalesSections,
} from '../sales';
import { drawersCsv, endShift, findShift, findShifts, startShift } from '../shift';
import { currentStaff, listStaff } from '../staff';
import { listOrders, orderDetail } from './orders-service';
import adminPickupRoutes from './pickup-routes';

const idParams = z.object({ id: z.uuid() });
const staffIdParams = z.object({ staffId: z.uuid() });

const adminRoutes = routesOf('admin', async (app, route) => {
  await app.register(adminPickupRoutes);
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();

  app.get(
    '/orders',
    route(
      "Orders placed in a Lagos day range (default today), optionally of one status, of a gas center (the shift's; a CEO or Manager: any, or all)",
      { who: staff, query: adminOrdersQuerySchema, ok: adminOrderListSchema },
    ),
    async (request) => {
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      return listOrders(app.db, {
        status: request.query.status,
        range: lagosRange(request.query),
        centerId: scope.centerId,
      });
    },
  );

  app.get(
    '/orders/:status/:fromDate/:toDate',
    route(
      'The same filter as path segments (orders/{status}/{fromDate}/{toDate}); status "all" for any; the gas center as a query',
      {
        who: staff,
        params: z.object({
          status: z.union([z.enum(orderStatusValues), z.literal('all')]),
          fromDate: z.iso.date(),
          toDate: z.iso.date(),
        }),
        query: centerQuerySchema,
        ok: adminOrderListSchema,
      },
    ),
    async (request) => {
      const { status, ...dates } = request.params;
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      return listOrders(app.db, {
        status: status === 'all' ? undefined : status,
        range: lagosRange(dates),
        centerId: scope.centerId,
      });
    },
  );

  app.get(
    '/orders/detail/:id',
    route('One order with lines and timeline', { who: staff, params: idParams, ok: adminOrderDetailSchema }),
    async (request) => {
      const detail = await orderDetail(app.db, request.params.id);
      if (!detail) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
      return detail;
    },
  );

  app.post(
    '/orders/:id/move',
    route(
      'Move an order not yet handed over or dispatched to another gas center, with the reason (Manager or CEO; the client is told)',
      { who: staff, idempotent: true, params: idParams, body: moveOrderBodySchema, ok: orderMovedSchema },
    ),
    async (request) =>
      moveOrderToCenter(app.db, app.orderLegs, currentStaff(request).id, request.params.id, request.body),
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
    route("Start a staff member's shift with a float (Idempotency-Key honoured)", {
      who: staff,
      idempotent: true,
      params: staffIdParams,
      body: startShiftBodySchema,
      created: shiftOrNullSchema,
    }),
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
    route("End a staff member's shift with the counted cash (Idempotency-Key honoured)", {
      who: staff,
      idempotent: true,
      params: staffIdParams,
      body: endShiftBodySchema,
      ok: shiftOrNullSchema,
    }),
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
    route('A shift by id', { who: staff, params: idParams, ok: shiftOrNullSchema }),
    async (request) => {
      const shift = await findShift(app.db, request.params.id);
      if (!shift) throw new AppError('Shift not found', { status: 404, type: ErrorType.NotFound });
      return { shift };
    },
  );

  app.get(
    '/ongoing_shift/:staffId',
    route("A staff member's open shift, or null", { who: staff, params: staffIdParams, ok: shiftOrNullSchema }),
    async (request) => {
      const [shift] = await findShifts(app.db, { staffId: request.params.staffId, open: true }, 1);
      return { shift: shift ?? null };
    },
  );

  app.get(
    '/shift',
    route(
      'The cash drawers: shifts started in a Lagos day range (default today), of a gas center or the company, optionally of one staff member; CSV with format=csv or Accept: text/csv, by shift, day, staff or center',
      { who: staff, query: drawersQuerySchema, ok: z.union([shiftListSchema, z.string().describe('The CSV file')]) },
    ),
    async (request, reply) => {
      const range = lagosRange(request.query);
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      const shifts = await findShifts(app.db, {
        staffId: request.query.staffId,
        startedFrom: range.from,
        startedTo: range.to,
        ...(scope.centerId ? { centerId: scope.centerId } : {}),
      });
      if (!wantsCsv(request, request.query.format)) return shifts;
      const by = request.query.by ?? 'shift';
      const csv = drawersCsv(shifts, by, { centers: scope.centers, company: scope.centerId === null }, ALL_CENTERS);
      const name = `cash-drawers-by-${by}-${fileNamePart(scopeFileName(scope))}-${range.fromDate}-to-${range.toDate}.csv`;
      return sendCsv(reply, name, csv);
    },
  );

  app.get(
    '/sales',
    route('My own sales in a Lagos day range', { who: staff, query: salesQuerySchema, ok: staffSalesDetailSchema }),
    async (request) => staffSalesDetail(app.db, currentStaff(request).id, lagosRange(request.query)),
  );

  app.get(
    '/sales/staff',
    route(
      'Sales per staff member, of a gas center or the company; CSV (each center, then all) with format=csv or Accept: text/csv',
      {
        who: staff,
        query: salesReportQuerySchema,
        ok: z.union([staffSalesListSchema, z.string().describe('The CSV file')]),
      },
    ),
    async (request, reply) => {
      const range = lagosRange(request.query);
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      if (wantsCsv(request, request.query.format)) {
        const csv = salesByStaffCsv(await staffSalesSections(app.db, range, scope));
        const name = `sales-by-staff-${fileNamePart(scopeFileName(scope))}-${range.fromDate}-to-${range.toDate}.csv`;
        return sendCsv(reply, name, csv);
      }
      return {
        fromDate: range.fromDate,
        toDate: range.toDate,
        center: scope.center,
        staff: await salesByStaff(app.db, range, scope.centerId),
      };
    },
  );

  app.get(
    '/sales/:staffId',
    route("A staff member's sales (one's own, or anyone's with Admin / Accountant access)", {
      who: staff,
      params: staffIdParams,
      query: salesQuerySchema,
      ok: staffSalesDetailSchema,
    }),
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
});

export default adminRoutes;
