import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import { productListSchema, productSchema } from '../../../domain/schemas/product';
import { quotaSchema } from '../../../domain/schemas/quota';
import { findActiveProduct } from '../product/service';
import { listQuotas } from './service';
import { listActiveProducts, toProductViews } from './shop';

const idParams = z.object({ id: z.uuid('Unknown product') });
const notFound = () => new AppError('Product not found', { status: 404, type: ErrorType.NotFound });

/**
 * The public catalogue under /api/product: each product with what may still be ordered of it, and
 * its quota. Served here because what is left comes from the quotas; staff edits live in product.
 */
const shopRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['product'],
        summary: 'The catalogue: gas per kg, cylinders by size, burners and stoves, prices in kobo',
        response: { 200: productListSchema },
      },
    },
    async () => ({ products: await listActiveProducts(app.db) }),
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
