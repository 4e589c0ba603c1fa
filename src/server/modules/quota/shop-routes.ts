import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { productListSchema, productSchema } from '../../../domain/schemas/product';
import { quotaSchema } from '../../../domain/schemas/quota';
import { currentPriceVersion, findActiveProduct, listActiveProductRows } from '../product';
import { type CatalogueParts, etagOf, matchesEtag } from './catalogue-cache';
import { listQuotas, usedToday } from './service';
import { assembleProductViews, quotaRowsOf, toProductViews } from './shop';

const idParams = z.object({ id: z.uuid('Unknown product') });
const notFound = () => new AppError('Product not found', { status: 404, type: ErrorType.NotFound });

/**
 * The public catalogue under /api/product: each product with what may still be ordered of it, and
 * its quota. Served here because what is left comes from the quotas; staff edits live in product.
 */
const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  // The body exactly as the response schema's serializer writes it.
  const bodyOf = (parts: CatalogueParts, used: Map<string, number>) =>
    JSON.stringify(
      z.encode(productListSchema, {
        products: assembleProductViews(parts.rows, parts.quotaRows, used),
        priceVersion: parts.priceVersion,
      }),
    );

  const loadParts = async (): Promise<CatalogueParts> => {
    // The prices and their version from one snapshot: a counter tablet prices an offline sale
    // with these prices and names the version, and the server prices it from that version.
    const { rows, priceVersion } = await app.db.transaction(
      async (tx) => ({ priceVersion: await currentPriceVersion(tx), rows: await listActiveProductRows(tx) }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const quotaRows = await quotaRowsOf(app.db, rows);
    if (quotaRows.some((q) => q.dailyLimit !== null)) return { rows, quotaRows, priceVersion };
    const text = bodyOf({ rows, quotaRows, priceVersion }, new Map());
    return { rows, quotaRows, priceVersion, body: { text, etag: etagOf(text) } };
  };

  app.get(
    '/',
    {
      schema: {
        tags: ['product'],
        summary: 'The catalogue: gas per kg, cylinders by size, burners and stoves, prices in kobo',
        response: { 200: productListSchema },
      },
    },
    async (request, reply) => {
      // Products and quotas from memory; under a daily limit, what is left today is worked out each time.
      const parts = await app.catalogueCache.get(loadParts);
      let body = parts.body;
      if (!body) {
        const text = bodyOf(parts, usedToday(parts.quotaRows));
        body = { text, etag: etagOf(text) };
      }
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
    {
      schema: {
        tags: ['product'],
        summary: "A product's quota: stock, daily limit and what is left today (null quota = unlimited)",
        params: idParams,
        response: { 200: z.object({ quota: quotaSchema.nullable() }) },
      },
    },
    async (request) => {
      if (!(await findActiveProduct(app.db, request.params.id))) throw notFound();
      const all = await listQuotas(app.db);
      return { quota: all.find((q) => q.productId === request.params.id) ?? null };
    },
  );

  app.get(
    '/:id',
    {
      schema: { tags: ['product'], summary: 'One product', params: idParams, response: { 200: productSchema } },
    },
    async (request) => {
      const row = await findActiveProduct(app.db, request.params.id);
      if (!row) throw notFound();
      const [view] = await toProductViews(app.db, [row]);
      if (!view) throw notFound();
      return view;
    },
  );
};

export default shopRoutes;
