import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canDispatch, isRider } from '../../../domain/dispatch-access';
import { DeliveryOption, DeliveryStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  deliveryAssignInputSchema,
  deliveryListQuerySchema,
  deliveryNewInputSchema,
  deliveryPageSchema,
  deliveryProgressSchema,
  deliveryQuoteInputSchema,
  deliveryQuoteSchema,
  deliverySchema,
  deliveryStatusInputSchema,
  deliveryUpdateInputSchema,
  dispatchBoardSchema,
  riderDeliveriesSchema,
  riderLocationInputSchema,
} from '../../../domain/schemas/delivery';
import { deliveryAddressSchema } from '../../../domain/schemas/order';
import { assertActingClient } from '../../lib/acting-client';
import { quoteDelivery } from '../../lib/delivery-quote';
import { onServerClock } from '../../lib/device-time';
import { findOrderById } from '../order/lookups';
import { requestRefund } from '../payment/refunds';
import {
  listBoard,
  listRiderDeliveries,
  listRiders,
  progressOfOrder,
  recordRiderPosition,
  requireDispatcher,
  resolveRider,
} from './dispatch';
import { changeDeliveryStatus, findDeliveries, findOneDelivery } from './service';
import { deliveries } from './tables';

const idParams = z.object({ id: z.uuid('Delivery not found') });

/**
 * Routes of the /api/delivery area. Clients see their own deliveries (another client's answer
 * 404); staff on a shift see all; dispatchers (dispatch-access.ts) assign riders and move any
 * delivery; a rider (Delivery Person) moves only their own along the road.
 */
const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const maps = app.maps;
  const staff = app.requireStaff({ shift: true });
  // Role checks after the staff guard, before the body is read (so a refused caller never learns the rules).
  const dispatchers = [staff, async (request: FastifyRequest) => void requireDispatcher(request.staff)];
  const dispatchersOrRiders = [
    staff,
    async (request: FastifyRequest) => {
      if (!(request.staff && isRider(request.staff))) requireDispatcher(request.staff);
    },
  ];

  /** Staff on a shift see every delivery; anyone else only their own. */
  async function scopeOf(clientId: string): Promise<string | undefined> {
    const member = await app.loadStaff(clientId);
    return member?.isCurrentStaff && member.shiftId ? undefined : clientId;
  }
  const me = (auth: { clientId: string } | null) => {
    if (!auth) throw new AppError('Please sign in', { status: 401, type: ErrorType.UnAuthorized });
    return auth.clientId;
  };

  app.post(
    '/quote',
    {
      preHandler: app.requireClient,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['delivery'],
        summary: 'The home-delivery fee for an address, from its distance to the gas center',
        body: deliveryQuoteInputSchema,
        response: { 200: deliveryQuoteSchema },
      },
    },
    async (request) => quoteDelivery(maps, request.body.address, request.body.homeDeliveryType),
  );

  app.get(
    '/all',
    {
      preHandler: staff,
      schema: {
        tags: ['delivery'],
        summary: 'Staff: every delivery, by status',
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryPageSchema },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query;
      return findDeliveries(app.db, status ? { status } : {}, { page, pageSize });
    },
  );

  app.get(
    '/client/:clientId',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['delivery'],
        summary: "A client's deliveries (clients: their own only)",
        params: z.object({ clientId: z.uuid('Client not found') }),
        querystring: deliveryListQuerySchema,
        response: { 200: deliveryPageSchema },
      },
    },
    async (request) => {
      const scope = await scopeOf(me(request.auth));
      if (scope && scope !== request.params.clientId) {
        throw new AppError('Client not found', { status: 404, type: ErrorType.NotFound });
      }
      const { status, page, pageSize } = request.query;
      return findDeliveries(
        app.db,
        { clientId: request.params.clientId, ...(status ? { status } : {}) },
        { page, pageSize },
      );
    },
  );

  app.get(
    '/ordernumber/:orderNumber',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['delivery'],
        summary: 'The delivery of an order, by order number',
        params: z.object({ orderNumber: z.string().trim().min(1).max(64) }),
        response: { 200: deliverySchema },
      },
    },
    async (request) => {
      const scope = await scopeOf(me(request.auth));
      return findOneDelivery(app.db, {
        orderNumber: request.params.orderNumber,
        ...(scope ? { clientId: scope } : {}),
      });
    },
  );

  app.get(
    '/order/:orderId',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['delivery'],
        summary: 'The delivery of an order, by order id',
        params: z.object({ orderId: z.uuid('Order not found') }),
        response: { 200: deliverySchema },
      },
    },
    async (request) => {
      const scope = await scopeOf(me(request.auth));
      return findOneDelivery(app.db, { orderId: request.params.orderId, ...(scope ? { clientId: scope } : {}) });
    },
  );

  app.post(
    '/new',
    {
      onRequest: dispatchers,
      config: { idempotent: true },
      schema: {
        tags: ['delivery'],
        summary: 'Staff: open the delivery record of a HomeDelivery order that has none',
        body: deliveryNewInputSchema,
        response: { 201: deliverySchema },
      },
    },
    async (request, reply) => {
      const order = await findOrderById(app.db, request.body.orderId);
      if (!order) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
      const address = deliveryAddressSchema.safeParse(order.deliveryAddress);
      if (order.deliveryOption !== DeliveryOption.HomeDelivery || !address.success) {
        throw new AppError('Only home-delivery orders with an address get a delivery', {
          status: 400,
          type: ErrorType.InvalidInput,
        });
      }
      const inserted = await app.db
        .insert(deliveries)
        .values({
          orderId: order.id,
          clientId: order.clientId,
          status: DeliveryStatus.Pending,
          type: order.homeDeliveryType ?? 'oneWay',
          address: address.data,
          distanceKm: order.deliveryDistanceKm,
          fee: order.deliveryFee,
        })
        .onConflictDoNothing()
        .returning({ id: deliveries.id });
      if (inserted.length === 0) {
        throw new AppError('This order already has a delivery', { status: 409, type: ErrorType.Conflict });
      }
      return reply.code(201).send(await findOneDelivery(app.db, { orderId: order.id }));
    },
  );

  app.put(
    '/update/:id',
    {
      onRequest: dispatchers,
      schema: {
        tags: ['delivery'],
        summary: 'Staff: change the note for the carrier or the vehicle',
        params: idParams,
        body: deliveryUpdateInputSchema,
        response: { 200: deliverySchema },
      },
    },
    async (request) => {
      const set = {
        ...(request.body.note !== undefined ? { note: request.body.note } : {}),
        ...(request.body.vehicle ? { vehicle: request.body.vehicle } : {}),
      };
      if (Object.keys(set).length > 0) {
        const updated = await app.db
          .update(deliveries)
          .set(set)
          .where(eq(deliveries.id, request.params.id))
          .returning({ id: deliveries.id });
        if (updated.length === 0) throw new AppError('Delivery not found', { status: 404, type: ErrorType.NotFound });
      }
      return findOneDelivery(app.db, { id: request.params.id });
    },
  );

  app.put(
    '/status/:id',
    {
      onRequest: dispatchersOrRiders,
      // A delivery code is six of 31 characters (887 million): at 60 tries a minute from one
      // address, guessing one would take years. A board moves far fewer a minute.
      config: { idempotent: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['delivery'],
        summary:
          "Dispatchers move a delivery along its lifecycle, a rider only their own, Delivered with the client's delivery code (Delivered also completes the order)",
        params: idParams,
        body: deliveryStatusInputSchema,
        response: { 200: deliverySchema },
      },
    },
    async (request) => {
      // A rider's step sent late by their phone's queue is theirs, whoever is signed in there now.
      assertActingClient(request);
      const actorClientId = me(request.auth);
      const member = request.staff;
      const asRider = member && !canDispatch(member) && isRider(member);
      const { refund, ...moved } = await changeDeliveryStatus(app.db, request.params.id, request.body.status, {
        note: request.body.note,
        actorClientId,
        location: request.body.location,
        notices: app.deliveryNotices,
        code: request.body.code,
        at: onServerClock(request, request.body.at),
        legs: app.orderLegs,
        ...(asRider ? { riderClientId: actorClientId } : {}),
      });
      // A paid order's delivery cancelled: its stock is back (committed), and a card refund is asked
      // of Paystack now (reconciliation asks again if this call fails).
      if (refund) app.orderLegs.stock.committed?.();
      if (refund?.paymentId) {
        await requestRefund(app, refund.paymentId).catch((err: unknown) =>
          app.log.error({ err, paymentId: refund.paymentId }, 'the refund of a cancelled delivery was not asked yet'),
        );
      }
      return moved;
    },
  );

  app.put(
    '/assign/:id',
    {
      onRequest: dispatchers,
      config: { idempotent: true },
      schema: {
        tags: ['delivery'],
        summary: 'Dispatchers: assign or reassign the rider, a Delivery Person (the delivery becomes Accepted)',
        params: idParams,
        body: deliveryAssignInputSchema,
        response: { 200: deliverySchema },
      },
    },
    async (request) => {
      const rider = await resolveRider(app.db, request.body);
      return changeDeliveryStatus(app.db, request.params.id, DeliveryStatus.Accepted, {
        actorClientId: me(request.auth),
        carrier: { ...rider, vehicle: request.body.vehicle },
        replacing: request.body.replacing,
        notices: app.deliveryNotices,
      });
    },
  );

  app.get(
    '/board',
    {
      onRequest: dispatchers,
      schema: {
        tags: ['delivery'],
        summary: 'Dispatchers: paid deliveries still open and those finished today, with the riders',
        response: { 200: dispatchBoardSchema },
      },
    },
    async () => {
      const [list, riders] = await Promise.all([listBoard(app.db), listRiders(app.db, app.loadStaff)]);
      return { deliveries: list, riders };
    },
  );

  app.get(
    '/mine',
    {
      preHandler: staff,
      schema: {
        tags: ['delivery'],
        summary: "A rider's deliveries: still open, or finished today",
        response: { 200: riderDeliveriesSchema },
      },
    },
    async (request) => ({ deliveries: await listRiderDeliveries(app.db, me(request.auth)) }),
  );

  app.put(
    '/location/:id',
    {
      preHandler: staff,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['delivery'],
        summary: 'The rider: where the phone is now, on the way (the client sees only how far away)',
        params: idParams,
        body: riderLocationInputSchema,
        response: { 200: z.object({ recorded: z.boolean() }) },
      },
    },
    async (request) =>
      recordRiderPosition(app.db, request.params.id, me(request.auth), request.body, app.deliveryNotices),
  );

  app.get(
    '/progress/:orderId',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['delivery'],
        summary: "The delivery's steps with times, the rider's first name and roughly how far they are",
        params: z.object({ orderId: z.uuid('Order not found') }),
        response: { 200: deliveryProgressSchema },
      },
    },
    async (request) => progressOfOrder(app.db, request.params.orderId, await scopeOf(me(request.auth))),
  );

  app.get(
    '/:id',
    {
      preHandler: app.requireClient,
      schema: { tags: ['delivery'], summary: 'One delivery', params: idParams, response: { 200: deliverySchema } },
    },
    async (request) => {
      const scope = await scopeOf(me(request.auth));
      return findOneDelivery(app.db, { id: request.params.id, ...(scope ? { clientId: scope } : {}) });
    },
  );
};

export default deliveryRoutes;
