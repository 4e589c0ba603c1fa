import type { FastifyRequest } from 'fastify';
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
import { routesOf } from '../../lib/route';
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
const orderRoutes = routesOf('order', async (app, route) => {
  await app.register(orderPickupRoutes);
  const maps = app.maps;
  const staffOnly = app.requireStaff();
  // This instance's copy of the history's pages, checked against the database on every read.
  const history = historyPages(app.db);
  // This instance's pickup orders of the same moment, placed in one statement together.
  const together = placingTogether(app.db, app.orderLegs.stock.inStatement);

  app.post(
    '/new',
    route(
      'Place an order (Idempotency-Key honoured): totals, order number, payment number and pickup code are made here',
      { who: app.requireClient, idempotent: true, body: newOrderInputSchema, created: orderSchema },
    ),
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
    route('Price a cart, delivery fee included, without placing it (shown before confirming)', {
      who: app.requireClient,
      // The shop quotes as the cart changes; each home-delivery quote may call the maps service.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      body: newOrderInputSchema,
      ok: orderQuoteSchema,
    }),
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
    route(
      "The signed-in client's orders, newest first, as the history lists them: `cursor` paging (pass back `nextCursor`), or numbered `page`s; optional status filter",
      { who: app.requireClient, query: clientOrderListQuerySchema, ok: clientOrderPageSchema },
    ),
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

  const cancel = route('Cancel an order (by id or order number); only while it is Not Paid', {
    who: [requirePlatformHeader, app.requireClient],
    params: refParams,
    ok: orderSchema,
  });
  app.get('/cancel/:id', cancel, async (request) =>
    cancelClientOrder(app.db, app.orderLegs, signedInClientId(request), request.params.id),
  );
  app.post('/cancel/:id', cancel, async (request) =>
    cancelClientOrder(app.db, app.orderLegs, signedInClientId(request), request.params.id),
  );

  app.get(
    '/payment_number/:n',
    route("The client's order with this payment number", {
      who: app.requireClient,
      params: z.object({ n: z.string().trim().min(1).max(64) }),
      ok: orderSchema,
    }),
    async (request) => {
      const row = await findOrderByPaymentNumber(app.db, request.params.n);
      if (!row || row.clientId !== signedInClientId(request)) throw notFound();
      return toOrderView(app.db, row);
    },
  );

  app.get(
    '/qr_code/:id',
    route('The signed QR token and the short pickup code of a paid order not yet handed over', {
      who: app.requireClient,
      params: refParams,
      ok: orderQrSchema,
    }),
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
    route('Where to resume paying an order (null url when nothing is owed)', {
      who: app.requireClient,
      params: refParams,
      ok: orderPendingUrlSchema,
    }),
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
    route("Staff: every client's orders by status, delivery option and Lagos dates (yyyy-MM-dd)", {
      who: staffOnly,
      query: orderFilterQuerySchema,
      ok: orderPageSchema.extend({ orders: z.array(orderWithClientSchema) }),
    }),
    async (request) => filterOrders(app.db, request.query),
  );

  app.get(
    '/with_client/search',
    route('Staff: find orders by order number, payment number, pickup code or phone', {
      who: staffOnly,
      query: orderSearchQuerySchema,
      ok: z.object({ orders: z.array(orderWithClientSchema) }),
    }),
    async (request) => ({ orders: await searchOrdersWithClient(app.db, request.query.q) }),
  );

  app.get(
    '/with_client/:id',
    route('Staff: one order (by id or number) with its client', {
      who: staffOnly,
      params: refParams,
      ok: orderWithClientSchema,
    }),
    async (request) => orderWithClient(app.db, request.params.id),
  );

  app.get(
    '/:orderNumber',
    route("One of the client's orders by number, with lines and status timeline", {
      who: app.requireClient,
      params: z.object({ orderNumber: z.string().trim().min(1).max(64) }),
      ok: orderSchema,
    }),
    async (request) =>
      toOrderView(app.db, await requireClientOrder(app.db, signedInClientId(request), request.params.orderNumber)),
  );
});

export default orderRoutes;
