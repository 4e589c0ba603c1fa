import { z } from 'zod';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  clientPickupListSchema,
  clientPickupOrderSchema,
  errorObjectSchema,
  pickupDisputeInputSchema,
  pickupRespondInputSchema,
} from '../../../domain/schemas/pickup';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { isPickupOfOrder, listClientPickupOrders, refusalToAppError, toClientPickupOrder } from '../pickup';
import { requireClientOrder } from './service';

const refParams = z.object({ id: z.string().trim().min(1).max(64) });
const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 404: errorObjectSchema, 409: errorObjectSchema };

/** The client's own side of pickup (at /pickup), which the pickup module runs. */
const orderPickupRoutes = routesOf(['order', 'pickup'], async (app, route) => {
  const secret = app.config.SESSION_SECRET;
  /** The owner acting on an order's pickup: once per Idempotency-Key, answered with the order at pickup. */
  const ownerAction = <Body extends z.ZodType>(summary: string, body: Body) =>
    route(summary, {
      who: app.requireClient,
      idempotent: true,
      params: refParams,
      body,
      response: { 200: clientPickupOrderSchema, ...errors },
    });

  app.get(
    '/pickup',
    route('The client’s orders to collect at the counter, with their pickup and QR codes', {
      who: app.requireClient,
      response: { 200: clientPickupListSchema, ...errors },
    }),
    async (request) => ({ orders: await listClientPickupOrders(app.db, secret, signedInClientId(request)) }),
  );

  app.get(
    '/pickup/:id',
    route('One of the client’s orders at pickup (by id or order number)', {
      who: app.requireClient,
      params: refParams,
      response: { 200: clientPickupOrderSchema, ...errors },
    }),
    async (request) => {
      const order = await requireClientOrder(app.db, signedInClientId(request), request.params.id);
      return toClientPickupOrder(app.db, secret, order);
    },
  );

  app.post(
    '/pickup/:id/respond',
    ownerAction('Approve or refuse a pickup (HTTP twin of pickupConfirmationResponse)', pickupRespondInputSchema),
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
    ownerAction(
      'The owner raises a pickup dispute (someone else claimed it, or an invalid pickup)',
      pickupDisputeInputSchema,
    ),
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
});

export default orderPickupRoutes;
