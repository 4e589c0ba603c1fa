import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  clientPickupListSchema,
  clientPickupOrderSchema,
  errorObjectSchema,
  pickupDisputeInputSchema,
  pickupRespondInputSchema,
} from '../../../domain/schemas/pickup';
import { signedInClientId } from '../../lib/signed-in';
import { isPickupOfOrder, listClientPickupOrders, refusalToAppError, toClientPickupOrder } from '../pickup';
import { requireClientOrder } from './service';

const refParams = z.object({ id: z.string().trim().min(1).max(64) });
const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema };

/** The client's own side of pickup (at /pickup), which the pickup module runs. */
const orderPickupRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.SESSION_SECRET;

  app.get(
    '/pickup',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order', 'pickup'],
        summary: 'The client’s orders to collect at the counter, with their pickup and QR codes',
        response: { 200: clientPickupListSchema, ...errors },
      },
    },
    async (request) => ({ orders: await listClientPickupOrders(app.db, secret, signedInClientId(request)) }),
  );

  app.get(
    '/pickup/:id',
    {
      preHandler: app.requireClient,
      schema: {
        tags: ['order', 'pickup'],
        summary: 'One of the client’s orders at pickup (by id or order number)',
        params: refParams,
        response: { 200: clientPickupOrderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await requireClientOrder(app.db, signedInClientId(request), request.params.id);
      return toClientPickupOrder(app.db, secret, order);
    },
  );

  app.post(
    '/pickup/:id/respond',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['order', 'pickup'],
        summary: 'Approve or refuse a pickup (HTTP twin of pickupConfirmationResponse)',
        params: refParams,
        body: pickupRespondInputSchema,
        response: { 200: clientPickupOrderSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = signedInClientId(request);
      const order = await requireClientOrder(app.db, clientId, request.params.id);
      // The request must be for this order, checked before anything changes.
      if (!(await isPickupOfOrder(app.db, request.body.pickupId, order.id)))
        throw new AppError('No such pickup request for this order', { status: 404, type: ErrorType.NotFound });
      const result = await app.pickupChannel.respond(clientId, request.body);
      if ('event' in result) throw refusalToAppError(result);
      if (result.kind === 'ineligible') throw refusalToAppError(result.refusal);
      return toClientPickupOrder(app.db, secret, result.order);
    },
  );

  app.post(
    '/pickup/:id/dispute',
    {
      preHandler: app.requireClient,
      config: { idempotent: true },
      schema: {
        tags: ['order', 'pickup'],
        summary: 'The owner raises a pickup dispute (someone else claimed it, or an invalid pickup)',
        params: refParams,
        body: pickupDisputeInputSchema,
        response: { 200: clientPickupOrderSchema, ...errors },
      },
    },
    async (request) => {
      const clientId = signedInClientId(request);
      const order = await requireClientOrder(app.db, clientId, request.params.id);
      const result = await app.pickupChannel.dispute(
        { clientId, asOwner: true, staffId: null },
        order.id,
        request.body.dispute,
        request.body.note,
      );
      return toClientPickupOrder(app.db, secret, result.order);
    },
  );
};

export default orderPickupRoutes;
