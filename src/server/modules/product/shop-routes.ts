import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { productListSchema, productSchema } from '../../../domain/schemas/product';
import { quotaSchema } from '../../../domain/schemas/quota';
import type { DbOrTx } from '../../db/client';
import { routesOf } from '../../lib/route';
import { firstCenter, requireCenter } from '../centers';
import { catalogueBody, matchesEtag, quotaOfProduct, toProductViews } from '../quota';
import { findActiveProduct } from './service';

const idParams = z.object({ id: z.uuid('Unknown product') });
const notFound = () => new AppError('Product not found', { status: 404, type: ErrorType.NotFound });

/** `?center=`: which gas center's stock and prices; without it, the first center's. */
const centerQuery = z.object({
  center: z.string().max(64).optional().describe("A gas center's id: its stock and prices (default: the first center)"),
});

/** The center asked for (404 for an id that names none), else the first. */
const centerOf = async (db: DbOrTx, asked: string | undefined) =>
  (asked ? await requireCenter(db, asked) : await firstCenter(db)).id;

/**
 * The public catalogue: each product with what may still be ordered of it, and its quota. What is
 * left comes from the quotas, so the quota module builds the answers; staff edits are admin-routes.
 */
const shopRoutes = routesOf('product', async (app, route) => {
  app.get(
    '/',
    route(
      'The catalogue at a gas center: gas per kg, cylinders by size, burners and stoves, prices in kobo, what is left there',
      { query: centerQuery, ok: productListSchema },
    ),
    async (request, reply) => {
      const centerId = await centerOf(app.db, request.query.center);
      const body = await catalogueBody(app.db, app.catalogueCache, centerId);
      // Always revalidated, so a new price shows at once; an unchanged catalogue costs no body.
      // The body is already the serializer's text: sent as it is, past the typed reply.
      const plain = reply as unknown as FastifyReply;
      plain.header('cache-control', 'no-cache').header('etag', body.etag);
      if (matchesEtag(request.headers['if-none-match'], body.etag)) return plain.code(304).send();
      return plain.type('application/json; charset=utf-8').send(body.text);
    },
  );

  app.get(
    '/quota/:id',
    route("A product's quota: stock, daily limit and what is left today (null quota = unlimited)", {
      params: idParams,
      query: centerQuery,
      ok: z.object({ quota: quotaSchema.nullable() }),
    }),
    async (request) => {
      const centerId = await centerOf(app.db, request.query.center);
      if (!(await findActiveProduct(app.db, request.params.id))) throw notFound();
      return { quota: await quotaOfProduct(app.db, request.params.id, centerId) };
    },
  );

  app.get(
    '/:id',
    route('One product, at a gas center', { params: idParams, query: centerQuery, ok: productSchema }),
    async (request) => {
      const centerId = await centerOf(app.db, request.query.center);
      const row = await findActiveProduct(app.db, request.params.id);
      if (!row) throw notFound();
      const [view] = await toProductViews(app.db, [row], centerId);
      if (!view) throw notFound();
      return view;
    },
  );
});

export default shopRoutes;
