import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeliveryOption, DeliveryStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  deliveryAssignInputSchema,
  deliveryListQuerySchema,
  deliveryNewInputSchema,
  deliveryPageSchema,
  deliveryQuoteInputSchema,
  deliveryQuoteSchema,
  deliverySchema,
  deliveryStatusInputSchema,
  deliveryUpdateInputSchema,
} from '../../../domain/schemas/delivery';
import { deliveryAddressSchema } from '../../../domain/schemas/order';
import { quoteDelivery } from '../../lib/delivery-quote';
import { findClientByPhone } from '../client/service';
import { findOrderById } from '../order/lookups';
import { changeDeliveryStatus, findDeliveries, findOneDelivery } from './service';
import { deliveries } from './tables';

const idParams = z.object({ id: z.uuid('Delivery not found') });

/**
 * Routes of the /api/delivery area. Clients see their own deliveries (another client's answer
 * 404); staff on a shift see all and move them along the lifecycle.
 */
const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const maps = app.maps;
  const staff = app.requireStaff({ shift: true });

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
      preHandler: staff,
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
      preHandler: staff,
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
      preHandler: staff,
      config: { idempotent: true },
      schema: {
        tags: ['delivery'],
        summary: 'Staff: move a delivery along its lifecycle (Delivered also completes the order)',
        params: idParams,
        body: deliveryStatusInputSchema,
        response: { 200: deliverySchema },
      },
    },
    async (request) =>
      changeDeliveryStatus(app.db, request.params.id, request.body.status, {
        note: request.body.note,
        actorClientId: me(request.auth),
      }),
  );

  app.put(
    '/assign/:id',
    {
      preHandler: staff,
      config: { idempotent: true },
      schema: {
        tags: ['delivery'],
        summary: 'Staff: assign a carrier (the delivery becomes Accepted)',
        params: idParams,
        body: deliveryAssignInputSchema,
        response: { 200: deliverySchema },
      },
    },
    async (request) => {
      const carrierPhone = request.body.carrierPhone.startsWith('234')
        ? `0${request.body.carrierPhone.slice(3)}`
        : request.body.carrierPhone;
      // A carrier with an account (a delivery staff member) is linked, so their deliveries can be found.
      const account = await findClientByPhone(app.db, carrierPhone);
      return changeDeliveryStatus(app.db, request.params.id, DeliveryStatus.Accepted, {
        actorClientId: me(request.auth),
        carrier: {
          carrierName: request.body.carrierName,
          carrierPhone,
          vehicle: request.body.vehicle,
          carrierClientId: account?.id ?? null,
        },
      });
    },
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
