import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  type ClientOrderPage,
  clientOrderListQuerySchema,
  clientOrderPageSchema,
  newOrderInputSchema,
  orderFilterQuerySchema,
  orderPageSchema,
  orderPendingUrlSchema,
  orderQrSchema,
  orderQuoteSchema,
  orderSchema,
  orderSearchQuerySchema,
  orderWithClientSchema,
} from '../../../domain/schemas/order';
import { signedInClientId } from '../../lib/signed-in';
import { historyPages } from './history-cache';
import orderPickupRoutes from './pickup-routes';
import { placingTogether } from './placing';
import { priceOrder } from './pricing';
import { signOrderQrToken } from './qr-token';
import {
  cancelClientOrder,
  createOrder,
  findOrderByPaymentNumber,
  listClientOrders,
  requireClientOrder,
  toOrderView,
} from './service';
import { filterOrders, orderWithClient, searchOrdersWithClient } from './staff-service';

const refParams = z.object({ id: z.string().trim().min(1).max(64) });
const notFound = () => new AppError('Order not found', { status: 404, type: ErrorType.NotFound });

/**
 * Cancel is a GET, as clients call it. A GET carries the SameSite=Lax cookie on a cross-site link, so
 * like every mutation it must also carry x-platform, which a link or form cannot send.
 */
async function requirePlatformHeader(request: FastifyRequest) {
  if (!request.headers['x-platform']) {
    throw new AppError('Missing x-platform header', { status: 403, type: ErrorType.Forbidden });
  }
}

/** Routes of the /api/order area; the client's side of pickup is pickup-routes.ts. */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(orderPickupRoutes);
  const maps = app.maps;
  const staffOnly = app.requireStaff();
  // This instance's copy of the history's pages, checked against the database on every read.
  const history = historyPages(app.db);
  // This instance's pickup orders of the same moment, placed in one statement together.
  const together = placingTogether(app.db, app.orderLegs.stock.inStatement);

  app.post(
    '/new',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['order'],
        summary:
          'Place an order (Idempotency-Key honoured): totals, order number, payment number and pickup code are made here',
        body: newOrderInputSchema,
        response: { 201: orderSchema },
      },
    },
    async (request, reply) => {
      const order = await createOrder(app.db, signedInClientId(request), request.body, {
        maps,
        legs: app.orderLegs,
        together,
      });
      return reply.code(201).send(order);
    },
  );

  app.post(
    '/quote',
    {
      preHandler: app.requireClient,
      // The shop quotes as the cart changes; each home-delivery quote may call the maps service.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['order'],
        summary: 'Price a cart, delivery fee included, without placing it (shown before confirming)',
        body: newOrderInputSchema,
        response: { 200: orderQuoteSchema },
      },
    },
    async (request) => {
      const priced = await priceOrder(app.db, request.body, maps);
      return {
        type: priced.type,
        items: priced.lines.map((l) => ({
          productId: l.product.id,
          productType: l.product.type,
          name: l.product.name,
          unitPrice: l.unitPrice,
          quantity: l.quantity,
          sizeKg: l.sizeKg,
          lineTotal: l.lineTotal,
        })),
        subtotal: priced.subtotal,
        deliveryFee: priced.deliveryFee,
        total: priced.total,
        deliveryDistanceKm: priced.distanceKm,
        deliveryFeeIsEstimate: priced.feeIsEstimate,
        deliveryAddress: priced.address,
        centerId: priced.center.id,
        centerName: priced.center.name,
      };
    },
  );

  app.get(
    '/client',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order'],
        summary:
          "The signed-in client's orders, newest first, as the history lists them: `cursor` paging (pass back `nextCursor`), or numbered `page`s; optional status filter",
        querystring: clientOrderListQuerySchema,
        response: { 200: clientOrderPageSchema },
      },
    },
    async (request, reply) => {
      // Numbered pages (with their count) are answered as objects; the cursor paging the screens
      // use comes as PostgreSQL wrote it (service.ts, clientOrderPageJson), the same fields, kept
      // in memory until the client's orders change (history-cache.ts).
      if (request.query.page) return listClientOrders(app.db, signedInClientId(request), request.query);
      const body = await history.read(signedInClientId(request), request.query);
      // A string with a JSON type is sent as it is (Fastify serializes only objects).
      return reply.type('application/json; charset=utf-8').send(body as unknown as ClientOrderPage);
    },
  );

  const cancel = {
    preHandler: [requirePlatformHeader, app.requireClient],
    schema: {
      tags: ['order'],
      summary: 'Cancel an order (by id or order number); only while it is Not Paid',
      params: refParams,
      response: { 200: orderSchema },
    },
  };
  app.get('/cancel/:id', cancel, async (request) =>
    cancelClientOrder(app.db, app.orderLegs, signedInClientId(request), request.params.id),
  );
  app.post('/cancel/:id', cancel, async (request) =>
    cancelClientOrder(app.db, app.orderLegs, signedInClientId(request), request.params.id),
  );

  app.get(
    '/payment_number/:n',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order'],
        summary: "The client's order with this payment number",
        params: z.object({ n: z.string().trim().min(1).max(64) }),
        response: { 200: orderSchema },
      },
    },
    async (request) => {
      const row = await findOrderByPaymentNumber(app.db, request.params.n);
      if (!row || row.clientId !== signedInClientId(request)) throw notFound();
      return toOrderView(app.db, row);
    },
  );

  app.get(
    '/qr_code/:id',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order'],
        summary: 'The signed QR token and the short pickup code of a paid order not yet handed over',
        params: refParams,
        response: { 200: orderQrSchema },
      },
    },
    async (request) => {
      const order = await requireClientOrder(app.db, signedInClientId(request), request.params.id);
      if (order.status !== OrderStatus.Paid || order.isDelivered) {
        throw new AppError(
          order.isDelivered || order.status === OrderStatus.Delivered
            ? 'This order has already been handed over'
            : `The pickup QR code is available once the order is paid (it is ${order.status})`,
          { status: 409, type: ErrorType.Conflict, additionalInfo: { status: order.status } },
        );
      }
      return {
        orderNumber: order.orderNumber,
        token: signOrderQrToken(app.config.SESSION_SECRET, order.id),
        pickupCode: order.pickupCode,
      };
    },
  );

  app.get(
    '/pending_url/:id',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order'],
        summary: 'Where to resume paying an order (null url when nothing is owed)',
        params: refParams,
        response: { 200: orderPendingUrlSchema },
      },
    },
    async (request) => {
      const order = await requireClientOrder(app.db, signedInClientId(request), request.params.id);
      const payable = order.status === OrderStatus.NotPaid;
      return {
        orderNumber: order.orderNumber,
        paymentNumber: order.orderPaymentNumber,
        payable,
        url: payable ? `/order/${encodeURIComponent(order.orderNumber)}?pay=1` : null,
      };
    },
  );

  app.get(
    '/filtered',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['order'],
        summary: "Staff: every client's orders by status, delivery option and Lagos dates (yyyy-MM-dd)",
        querystring: orderFilterQuerySchema,
        response: { 200: orderPageSchema.extend({ orders: z.array(orderWithClientSchema) }) },
      },
    },
    async (request) => filterOrders(app.db, request.query),
  );

  app.get(
    '/with_client/search',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['order'],
        summary: 'Staff: find orders by order number, payment number, pickup code or phone',
        querystring: orderSearchQuerySchema,
        response: { 200: z.object({ orders: z.array(orderWithClientSchema) }) },
      },
    },
    async (request) => ({ orders: await searchOrdersWithClient(app.db, request.query.q) }),
  );

  app.get(
    '/with_client/:id',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['order'],
        summary: 'Staff: one order (by id or number) with its client',
        params: refParams,
        response: { 200: orderWithClientSchema },
      },
    },
    async (request) => orderWithClient(app.db, request.params.id),
  );

  app.get(
    '/:orderNumber',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order'],
        summary: "One of the client's orders by number, with lines and status timeline",
        params: z.object({ orderNumber: z.string().trim().min(1).max(64) }),
        response: { 200: orderSchema },
      },
    },
    async (request) =>
      toOrderView(app.db, await requireClientOrder(app.db, signedInClientId(request), request.params.orderNumber)),
  );
};

export default orderRoutes;
