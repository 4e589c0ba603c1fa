// Routes of /api/supply: gas asked of suppliers, delivered and paid for (SupplyStatus).
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
//
// Status only moves forward: WaitingSupplierResponse → Delivered → Paid (paying before delivery
// is allowed: some suppliers want money first).
import { and, desc, eq } from 'drizzle-orm';
import { SupplyStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import { centerQuerySchema } from '../../../domain/schemas/sales';
import {
  newDeliveryBodySchema,
  newSupplyBodySchema,
  type Supply,
  supplyDeliveryBodySchema,
  supplyListSchema,
  supplySchema,
} from '../../../domain/schemas/supply';
import type { DbOrTx } from '../../db/client';
import { routesOf } from '../../lib/route';
import { recordAudit } from '../audit';
import { centerScopeOf, staffCenter } from '../centers';
import { addSuppliedGas } from '../quota';
import { currentStaff } from '../staff';
import { findSupplierNames } from '../supplier';
import { supplies } from './tables';

const ORDER: Record<SupplyStatus, number> = { WaitingSupplierResponse: 0, Delivered: 1, Paid: 2 };

/** Supplies, newest first: one by id, or those of one gas center, or every one. */
async function findSupplies(db: DbOrTx, filter: { id?: string; centerId?: string | null } = {}): Promise<Supply[]> {
  const rows = await db
    .select()
    .from(supplies)
    .where(
      and(
        filter.id ? eq(supplies.id, filter.id) : undefined,
        filter.centerId ? eq(supplies.centerId, filter.centerId) : undefined,
      ),
    )
    .orderBy(desc(supplies.createdAt))
    .limit(500);
  const names = await findSupplierNames(
    db,
    rows.map((s) => s.supplierId),
  );
  return rows.map((s) => ({
    id: s.id,
    supplierId: s.supplierId,
    supplierName: names.get(s.supplierId) ?? '',
    productId: s.productId,
    centerId: s.centerId,
    quantityKg: s.quantityKg,
    deliveredKg: s.deliveredKg,
    amount: s.amount,
    status: s.status,
    note: s.note,
    createdAt: s.createdAt.toISOString(),
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    paidAt: s.paidAt?.toISOString() ?? null,
  }));
}

async function oneSupply(db: DbOrTx, id: string | undefined): Promise<Supply> {
  const [supply] = id ? await findSupplies(db, { id }) : [];
  if (!supply) throw new AppError('Supply not found', { status: 404, type: ErrorType.NotFound });
  return supply;
}

async function assertSupplier(db: DbOrTx, supplierId: string) {
  const names = await findSupplierNames(db, [supplierId]);
  if (!names.has(supplierId)) throw new AppError('Supplier not found', { status: 404, type: ErrorType.NotFound });
}

const supplyRoutes = routesOf('supply', async (app, route) => {
  const writers = app.requireStaff();

  app.post(
    '/new',
    route('Ask a supplier for gas', {
      who: writers,
      idempotent: true,
      body: newSupplyBodySchema,
      created: supplySchema,
    }),
    async (request, reply) => {
      await assertSupplier(app.db, request.body.supplierId);
      const center = await staffCenter(app.db, currentStaff(request), request.body.centerId);
      const [row] = await app.db
        .insert(supplies)
        .values({
          ...request.body,
          centerId: center.id,
          status: SupplyStatus.WaitingSupplierResponse,
          recordedBy: currentStaff(request).id,
        })
        .returning({ id: supplies.id });
      return reply.code(201).send(await oneSupply(app.db, row?.id));
    },
  );

  app.post(
    '/new_delivery',
    route('Record a delivery that arrived without a request', {
      who: writers,
      idempotent: true,
      body: newDeliveryBodySchema,
      created: supplySchema,
    }),
    async (request, reply) => {
      await assertSupplier(app.db, request.body.supplierId);
      const center = await staffCenter(app.db, currentStaff(request), request.body.centerId);
      const deliveredKg = request.body.deliveredKg ?? request.body.quantityKg;
      const row = await app.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(supplies)
          .values({
            ...request.body,
            centerId: center.id,
            deliveredKg,
            status: SupplyStatus.Delivered,
            deliveredAt: new Date(),
            recordedBy: currentStaff(request).id,
          })
          .returning({ id: supplies.id });
        // The gas that arrived is gas the center can sell.
        const stockAdded = await addSuppliedGas(tx, deliveredKg, center.id);
        await recordAudit(tx, {
          staffId: currentStaff(request).id,
          action: 'supply.received',
          subject: inserted?.id ?? null,
          changes: {
            supplierId: request.body.supplierId,
            centerId: center.id,
            quantityKg: request.body.quantityKg,
            deliveredKg,
            stockAdded,
          },
        });
        return inserted;
      });
      app.catalogueCache.invalidate();
      return reply.code(201).send(await oneSupply(app.db, row?.id));
    },
  );

  app.post(
    '/delivery',
    route('Mark a supply delivered or paid', {
      who: writers,
      idempotent: true,
      body: supplyDeliveryBodySchema,
      ok: supplySchema,
    }),
    async (request) => {
      const { supplyId, status, deliveredKg, note } = request.body;
      let stockAdded = 0;
      await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(supplies).where(eq(supplies.id, supplyId)).for('update');
        if (!current) throw new AppError('Supply not found', { status: 404, type: ErrorType.NotFound });
        // Only staff who may act for the center it arrives at (CEO and Manager: any).
        await staffCenter(tx, currentStaff(request), current.centerId);
        if (ORDER[status] < ORDER[current.status]) {
          throw new AppError(`A supply that is ${current.status} cannot go back to ${status}`, {
            status: 409,
            type: ErrorType.Conflict,
          });
        }
        const now = new Date();
        const delivering = status !== SupplyStatus.WaitingSupplierResponse;
        const kg = deliveredKg ?? current.deliveredKg ?? (delivering ? current.quantityKg : null);
        await tx
          .update(supplies)
          .set({
            status,
            note: note ?? current.note,
            deliveredKg: kg,
            deliveredAt: current.deliveredAt ?? (delivering ? now : null),
            paidAt: current.paidAt ?? (status === SupplyStatus.Paid ? now : null),
          })
          .where(eq(supplies.id, supplyId));
        // Arriving now (not on its way to Paid after it arrived): its gas joins the stock, once.
        if (delivering && current.deliveredAt === null && kg !== null)
          stockAdded = await addSuppliedGas(tx, kg, current.centerId);
        await recordAudit(tx, {
          staffId: currentStaff(request).id,
          action: delivering && current.deliveredAt === null ? 'supply.received' : 'supply.changed',
          subject: supplyId,
          changes: {
            supplierId: current.supplierId,
            centerId: current.centerId,
            status: [current.status, status],
            deliveredKg: [current.deliveredKg, kg],
            stockAdded,
          },
        });
      });
      if (stockAdded) app.catalogueCache.invalidate();
      return oneSupply(app.db, supplyId);
    },
  );

  app.get(
    '/',
    route("Supplies, newest first, of a gas center (the shift's; a CEO or Manager: any, or all)", {
      who: app.requireStaff(),
      query: centerQuerySchema,
      ok: supplyListSchema,
    }),
    async (request) => {
      const scope = await centerScopeOf(app.db, currentStaff(request), request.query.center);
      return findSupplies(app.db, { centerId: scope.centerId });
    },
  );
});

export default supplyRoutes;
