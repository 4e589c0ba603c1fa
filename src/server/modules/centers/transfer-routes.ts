// Routes of /api/centers/transfers: stock sent from one gas center to another. Staff send from
// the center of their shift and receive at it; the sender's side cancels while the transfer is in
// transit. CEO and Manager access act for any center. The stock itself is the quota module's.
// The report reads a center's transfers, or every center's, as the other reports do (centers/scope.ts).
//
// Who may call each staff route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  type TransferReport,
  transferReportQuerySchema,
  transferReportSchema,
} from '../../../domain/schemas/stock-report';
import {
  newStockTransferBodySchema,
  type StockTransfer,
  stockTransferIdParamsSchema,
  stockTransferListQuerySchema,
  stockTransferListSchema,
  stockTransferSchema,
} from '../../../domain/schemas/stock-transfer';
import type { DbOrTx } from '../../db/client';
import { fileNamePart, sendCsv, wantsCsv } from '../../lib/csv';
import { lagosRange } from '../../lib/lagos-range';
import { routesOf } from '../../lib/route';
import { displayName } from '../client';
import {
  cancelTransfer,
  listTransfers,
  receiveTransfer,
  requireTransfer,
  sendTransfer,
  type TransferWithProduct,
  transferActivity,
  transfersByDayCsv,
  transfersCsv,
  withProducts,
} from '../quota';
import { currentStaff, findStaffPeople } from '../staff';
import { centerScopeOf } from './scope';
import { actsForCenter, centerNamesOf, requireCenter, staffCenter } from './service';

/** Transfers as the API shows them: with the centers' and the staff members' names. */
async function transferViews(db: DbOrTx, rows: TransferWithProduct[]): Promise<StockTransfer[]> {
  const centerNames = await centerNamesOf(
    db,
    rows.flatMap((r) => [r.fromCenterId, r.toCenterId]),
  );
  const people = await findStaffPeople(
    db,
    rows.flatMap((r) => [r.sentBy, r.receivedBy, r.cancelledBy].filter((id): id is string => Boolean(id))),
  );
  const who = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person ? displayName(person) : null;
  };
  return rows.map((r) => ({
    id: r.id,
    fromCenterId: r.fromCenterId,
    fromCenterName: centerNames.get(r.fromCenterId) ?? '',
    toCenterId: r.toCenterId,
    toCenterName: centerNames.get(r.toCenterId) ?? '',
    productId: r.productId,
    productName: r.productName,
    productType: r.productType,
    quantity: r.quantity,
    status: r.status,
    note: r.note,
    sentBy: who(r.sentBy),
    sentAt: r.sentAt.toISOString(),
    receivedBy: who(r.receivedBy),
    receivedAt: r.receivedAt?.toISOString() ?? null,
    cancelledBy: who(r.cancelledBy),
    cancelledAt: r.cancelledAt?.toISOString() ?? null,
  }));
}

/** The report lists this many transfers at most; the CSV file `by=transfer` has them all. */
const REPORT_TRANSFERS = 500;

const notAtCenter = (message: string) =>
  new AppError(message, { status: 403, type: ErrorType.Forbidden, additionalInfo: { reason: 'NotYourCenter' } });

export const transferRoutes = routesOf('centers', async (app, route) => {
  const staff = app.requireStaff();
  // A transfer moves stock, which the shop shows as left: drop the catalogue once it is committed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'POST' && reply.statusCode < 400) app.catalogueCache.invalidate();
    return payload;
  });

  const oneView = async (id: string) => {
    const [view] = await transferViews(app.db, await withProducts(app.db, [await requireTransfer(app.db, id)]));
    if (!view) throw new Error('the transfer vanished');
    return view;
  };

  app.get(
    '/',
    route("A gas center's stock transfers, sent and coming, newest first (default: your shift's center)", {
      who: staff,
      query: stockTransferListQuerySchema,
      ok: stockTransferListSchema,
    }),
    async (request) => {
      const center = await staffCenter(app.db, currentStaff(request), request.query.center);
      const rows = await listTransfers(app.db, { centerId: center.id, status: request.query.status });
      return { transfers: await transferViews(app.db, rows) };
    },
  );

  app.get(
    '/report',
    route(
      'Stock sent, received and cancelled per gas center, Lagos day and product (default today), of a center or the company with each center, and the transfers; CSV with format=csv or Accept: text/csv, by day or one line per transfer (by=transfer)',
      {
        who: staff,
        query: transferReportQuerySchema,
        ok: z.union([transferReportSchema, z.string().describe('The CSV file')]),
      },
    ),
    async (request, reply) => {
      const range = lagosRange(request.query);
      // As the sales reports: CEO and Manager any center or the company, others their shift's.
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      const activity = await transferActivity(app.db, scope, range);
      const csv = wantsCsv(request, request.query.format);
      const by = request.query.by ?? 'day';
      const listed = csv && by === 'day' ? [] : activity.transfers.slice(0, csv ? undefined : REPORT_TRANSFERS);
      const report: TransferReport = {
        fromDate: range.fromDate,
        toDate: range.toDate,
        center: scope.center,
        days: activity.days,
        byCenter: activity.byCenter,
        transfers: await transferViews(app.db, listed),
        moreTransfers: activity.transfers.length - listed.length,
      };
      if (!csv) return report;
      const name = `transfers-by-${by}-${fileNamePart(scope.center?.name ?? 'All centers')}-${range.fromDate}-to-${range.toDate}.csv`;
      return sendCsv(reply, name, by === 'transfer' ? transfersCsv(report.transfers) : transfersByDayCsv(report));
    },
  );

  app.post(
    '/',
    route("Send stock to another gas center: it leaves the sender's stock now", {
      who: staff,
      idempotent: true,
      body: newStockTransferBodySchema,
      created: stockTransferSchema,
    }),
    async (request, reply) => {
      const member = currentStaff(request);
      const { fromCenterId, toCenterId, ...rest } = request.body;
      const from = await staffCenter(app.db, member, fromCenterId);
      const to = await requireCenter(app.db, toCenterId);
      const sent = await sendTransfer(app.db, member.id, from, to, rest);
      return reply.code(201).send(await oneView(sent.id));
    },
  );

  /**
   * A step of a transfer in transit, taken once by staff on a shift at the center on `side` of it
   * (receiving at the center it is sent to, calling it off at the one that sent it).
   */
  const transferStep = (
    path: string,
    summary: string,
    side: 'toCenterId' | 'fromCenterId',
    refusal: string,
    step: typeof receiveTransfer,
  ) =>
    app.post(
      path,
      route(summary, { who: staff, idempotent: true, params: stockTransferIdParamsSchema, ok: stockTransferSchema }),
      async (request) => {
        const member = currentStaff(request);
        const transfer = await requireTransfer(app.db, request.params.id);
        if (!actsForCenter(member, transfer[side])) throw notAtCenter(refusal);
        await step(app.db, member.id, transfer.id);
        return oneView(transfer.id);
      },
    );

  transferStep(
    '/:id/receive',
    "Receive a transfer at its gas center: it joins that center's stock, once",
    'toCenterId',
    'Only staff on a shift at the center it is sent to can receive this transfer.',
    receiveTransfer,
  );
  transferStep(
    '/:id/cancel',
    "Call a transfer off while in transit: it goes back to the sender's stock, once",
    'fromCenterId',
    'Only staff on a shift at the center that sent this transfer can cancel it.',
    cancelTransfer,
  );
});
