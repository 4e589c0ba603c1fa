// Staff catalogue updates under /api/product (the public catalogue is routes.ts, the product area's).
//
// Who may call each route, and on what: the staff scopes table (src/domain/staff-scopes.ts).
//
// A price change applies from the moment it is made: orders keep the unit price they were placed
// at (order_items.unit_price), and product_price_history keeps every price with who set it, the
// company's and each center's own.
import { and, asc, desc, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  type AdminProduct,
  adminProductListSchema,
  adminProductSchema,
  centerPriceBodySchema,
  centerPriceListSchema,
  centerPriceSchema,
  newProductBodySchema,
  priceChangeBodySchema,
  priceHistorySchema,
  updateProductBodySchema,
} from '../../../domain/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { routesOf } from '../../lib/route';
import { recordAudit } from '../audit';
import { staffCenter } from '../centers';
import { displayName } from '../client';
import { currentStaff, findStaffPeople } from '../staff';
import { forgetProducts, productFieldsOf } from './catalogue';
import { centerPrices, type ProductRow, productPriceHistory, products } from './tables';

const idParams = z.object({ id: z.uuid('Unknown product') });
/**
 * Two products of one name on the shelves read as one product at two prices (two identical "Add"
 * buttons): a name is refused while another product, shown or hidden, has it (case and spaces aside).
 */
async function assertNameFree(db: DbOrTx, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(
      and(
        sql`lower(regexp_replace(trim(${products.name}), '[[:space:]]+', ' ', 'g')) = lower(regexp_replace(trim(${name}), '[[:space:]]+', ' ', 'g'))`,
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw new AppError(
      `A product named “${taken.name}” already exists. Change its price, or give this one another name.`,
      {
        status: 409,
        type: ErrorType.Conflict,
        additionalInfo: { reason: 'NameTaken', productId: taken.id },
      },
    );
  }
}

const notFound = () => new AppError('Product not found', { status: 404, type: ErrorType.NotFound });

const toAdminProduct = (p: ProductRow): AdminProduct => ({
  ...productFieldsOf(p),
  active: p.active,
  updatedAt: p.updatedAt.toISOString(),
});

export const productAdminRoutes = routesOf('product', async (app, route) => {
  // Who may call each route, and on what: src/domain/staff-scopes.ts.
  const staff = app.requireStaff();
  // Every write here (a product, its details, its price) changes the shop catalogue: once it is
  // committed, and before the answer leaves, the catalogue is dropped on every instance.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') app.catalogueCache.invalidate();
    return payload;
  });

  app.get('/all', route('Every product, inactive ones too', { who: staff, ok: adminProductListSchema }), async () =>
    // By size within a type (3, 5, 6, 12.5 kg…), not as text (12.5, 25, 3…).
    (await app.db.select().from(products).orderBy(asc(products.type), asc(products.sizeKg), asc(products.name))).map(
      toAdminProduct,
    ),
  );

  app.post(
    '/new',
    route('Add a product', { who: staff, idempotent: true, body: newProductBodySchema, created: adminProductSchema }),
    async (request, reply) => {
      const me = currentStaff(request);
      const row = await app.db.transaction(async (tx) => {
        await assertNameFree(tx, request.body.name);
        const [created] = await tx.insert(products).values(request.body).returning();
        if (!created) throw new Error('product was not stored');
        await tx.insert(productPriceHistory).values({
          productId: created.id,
          oldPrice: null,
          newPrice: created.price,
          reason: 'New product',
          changedBy: me.id,
        });
        await recordAudit(tx, {
          staffId: me.id,
          action: 'product.created',
          subject: created.name,
          changes: { productId: created.id, price: created.price, type: created.type },
        });
        return created;
      });
      return reply.code(201).send(toAdminProduct(row));
    },
  );

  app.put(
    '/update/:id',
    route("Change a product's name, description, picture or availability", {
      who: staff,
      params: idParams,
      body: updateProductBodySchema,
      ok: adminProductSchema,
    }),
    async (request) => {
      if (request.body.name !== undefined) await assertNameFree(app.db, request.body.name, request.params.id);
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      // Nothing to change still answers the product, so a form saved twice is harmless.
      const [row] = Object.keys(changes).length
        ? await app.db.update(products).set(changes).where(eq(products.id, request.params.id)).returning()
        : await app.db.select().from(products).where(eq(products.id, request.params.id));
      if (!row) throw notFound();
      return toAdminProduct(row);
    },
  );

  app.put(
    '/price/:id',
    route('Change a price from now on; the old price stays in the history', {
      who: staff,
      idempotent: true,
      params: idParams,
      body: priceChangeBodySchema,
      ok: adminProductSchema,
    }),
    async (request) => {
      const me = currentStaff(request);
      const row = await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(products).where(eq(products.id, request.params.id)).for('update');
        if (!current) throw notFound();
        if (current.price === request.body.price) return current;
        await tx.insert(productPriceHistory).values({
          productId: current.id,
          oldPrice: current.price,
          newPrice: request.body.price,
          reason: request.body.reason ?? null,
          changedBy: me.id,
        });
        const [updated] = await tx
          .update(products)
          .set({ price: request.body.price })
          .where(eq(products.id, current.id))
          .returning();
        if (!updated) throw notFound();
        await recordAudit(tx, {
          staffId: me.id,
          action: 'product.price',
          subject: current.name,
          changes: {
            productId: current.id,
            price: [current.price, updated.price],
            reason: request.body.reason ?? null,
          },
        });
        return updated;
      });
      return toAdminProduct(row);
    },
  );

  app.get(
    '/center_prices',
    route("Every gas center's own prices (where none is set, the company price applies)", {
      who: staff,
      ok: centerPriceListSchema,
    }),
    async () => ({
      prices: await app.db
        .select({ centerId: centerPrices.centerId, productId: centerPrices.productId, price: centerPrices.price })
        .from(centerPrices)
        .orderBy(asc(centerPrices.centerId), asc(centerPrices.productId)),
    }),
  );

  app.put(
    '/center_price/:id',
    route("Set a gas center's own price of a product, over the company's there (null: the company price again)", {
      who: staff,
      idempotent: true,
      params: idParams,
      body: centerPriceBodySchema,
      ok: centerPriceSchema.extend({ price: centerPriceSchema.shape.price.nullable() }),
    }),
    async (request) => {
      const me = currentStaff(request);
      // Admin access sets prices only at the center of their shift; CEO and Manager anywhere.
      const center = await staffCenter(app.db, me, request.body.centerId);
      const productId = request.params.id;
      const { price } = request.body;
      await app.db.transaction(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
        if (!product) throw notFound();
        const [before] = await tx
          .select({ price: centerPrices.price })
          .from(centerPrices)
          .where(and(eq(centerPrices.centerId, center.id), eq(centerPrices.productId, productId)));
        if ((before?.price ?? null) === price) return;
        // A catalogue version like any price change: a tablet's sale priced before it is priced
        // at the center's price of its moment.
        await tx.insert(productPriceHistory).values({
          productId,
          centerId: center.id,
          oldPrice: before?.price ?? null,
          newPrice: price,
          changedBy: me.id,
        });
        if (price === null) {
          await tx
            .delete(centerPrices)
            .where(and(eq(centerPrices.centerId, center.id), eq(centerPrices.productId, productId)));
        } else {
          await tx
            .insert(centerPrices)
            .values({ centerId: center.id, productId, price })
            .onConflictDoUpdate({
              target: [centerPrices.centerId, centerPrices.productId],
              set: { price, updatedAt: new Date() },
            });
        }
        await recordAudit(tx, {
          staffId: me.id,
          action: 'product.center_price',
          subject: product.name,
          changes: {
            productId,
            centerId: center.id,
            centerName: center.name,
            companyPrice: product.price,
            price: [before?.price ?? null, price],
          },
        });
      });
      // Orders priced from remembered center prices are checked when placed; this instance drops them now.
      forgetProducts(app.db);
      return { centerId: center.id, productId, price };
    },
  );

  app.get(
    '/price_history/:id',
    route('Every price a product has had, newest first', { who: staff, params: idParams, ok: priceHistorySchema }),
    async (request) => {
      // The company price's changes: a center's own are in its rows (centerId) and the audit trail.
      const rows = await app.db
        .select({
          ...getTableColumns(productPriceHistory),
          newPrice: sql<number>`${productPriceHistory.newPrice}`.mapWith(Number),
        })
        .from(productPriceHistory)
        .where(and(eq(productPriceHistory.productId, request.params.id), isNull(productPriceHistory.centerId)))
        .orderBy(desc(productPriceHistory.effectiveFrom));
      const people = await findStaffPeople(
        app.db,
        rows.flatMap((h) => (h.changedBy ? [h.changedBy] : [])),
      );
      return rows.map((h) => {
        const who = h.changedBy ? people.get(h.changedBy) : undefined;
        return {
          id: h.id,
          productId: h.productId,
          oldPrice: h.oldPrice,
          newPrice: h.newPrice,
          reason: h.reason,
          changedByName: who ? displayName(who) : 'Unknown',
          effectiveFrom: h.effectiveFrom.toISOString(),
        };
      });
    },
  );
});
