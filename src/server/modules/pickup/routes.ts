import { z } from 'zod';
import {
  errorObjectSchema,
  handoverApproveInputSchema,
  handoverCodeConfirmInputSchema,
  handoverCodeSendInputSchema,
  handoverCodeSentSchema,
  handoverResultSchema,
  idParamSchema,
  pickupCodeSchema,
  pickupDisputeInputSchema,
  pickupFindInputSchema,
  pickupFindResponseSchema,
  pickupLookupResponseSchema,
  pickupQrTokenSchema,
  pickupVerifyInputSchema,
  pickupVerifyResponseSchema,
} from '../../../domain/schemas/pickup';
import { routesOf } from '../../lib/route';
import { staffOf } from './guards';
import {
  approveHandover,
  confirmHandoverCode,
  type HandoverDone,
  refuseNonApprover,
  sendHandoverCode,
} from './handover';
import { findAndAsk, lookupOrder } from './lookup';
import { findOrder, orderSummary, toPickupRecord } from './order-view';
import { refusalToAppError } from './service';

/** Codes are few characters: a rogue device must not try them all. */
const lookupRateLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Routes of the /api/pickup area, and the real-time pickup channel. */
const pickupRoutes = routesOf('pickup', async (app, route) => {
  const channel = app.pickupChannel;
  app.io.on('connection', (socket) => channel.onConnection(socket));
  channel.start();
  app.addHook('preClose', async () => {
    await channel.stop();
  });

  const staffOnShift = app.requireStaff();
  const errors = { 400: errorObjectSchema, 401: errorObjectSchema, 403: errorObjectSchema, 404: errorObjectSchema };
  /** A look-up also answers 409 for an order of another gas center than the one of the caller's shift. */
  const lookupErrors = { ...errors, 409: errorObjectSchema };
  // One budget for a device's tries at codes, whichever way it presents them (the code, the QR
  // code, or the find that asks the owner): three routes do not triple it.
  const codeTries = app.rateLimit(lookupRateLimit.rateLimit);
  /** A look-up of one order by the staff on a shift; by a code, rate limited. */
  const lookup = <Params extends z.ZodType>(summary: string, params: Params, byCode = false) =>
    route(summary, {
      who: staffOnShift,
      ...(byCode && { onRequest: codeTries }),
      params,
      response: { 200: pickupLookupResponseSchema, ...lookupErrors },
    });

  app.get(
    '/code/:code',
    lookup('Find an order by the pickup code the client reads out', z.object({ code: pickupCodeSchema }), true),
    async (request) => lookupOrder(app, staffOf(request).staff, { kind: 'code', code: request.params.code }),
  );

  app.get(
    '/qrCode/:code',
    lookup('Find an order by the token of its QR code', z.object({ code: pickupQrTokenSchema }), true),
    async (request) => lookupOrder(app, staffOf(request).staff, { kind: 'qr', token: request.params.code }),
  );

  app.get(
    '/order/:id',
    lookup('The pickup data of an order: summary, eligibility and the latest request', idParamSchema),
    async (request) => lookupOrder(app, staffOf(request).staff, { kind: 'id', orderId: request.params.id }),
  );

  app.post(
    '/find',
    route('Find an order by its code or QR code and ask its owner to confirm at once when nothing is to check first', {
      who: staffOnShift,
      onRequest: codeTries,
      idempotent: true,
      body: pickupFindInputSchema,
      response: { 200: pickupFindResponseSchema, ...lookupErrors },
    }),
    async (request) => {
      const { auth, staff } = staffOf(request);
      const by =
        'code' in request.body
          ? ({ kind: 'code', code: request.body.code } as const)
          : ({ kind: 'qr', token: request.body.qr } as const);
      return findAndAsk(app, { clientId: auth.clientId, staff }, by);
    },
  );

  app.post(
    '/verify',
    route('Ask the order’s owner to confirm the hand-over (HTTP twin of requestConfirmationStaff)', {
      who: staffOnShift,
      idempotent: true,
      body: pickupVerifyInputSchema,
      response: { 200: pickupVerifyResponseSchema, ...errors, 409: errorObjectSchema },
    }),
    async (request) => {
      const { auth, staff } = staffOf(request);
      const result = await channel.request(
        { clientId: auth.clientId, staff },
        { orderId: request.body.orderId, nomineeVerified: request.body.nomineeVerified },
      );
      if (!result.ok) throw refusalToAppError(result);
      return {
        pickup: await toPickupRecord(app.db, result.row),
        order: await orderSummary(app.db, result.order, await channel.isClientOnline(result.order.clientId)),
      };
    },
  );

  // ───── Hand-over without the client's app (README: "Hand-over without data") ─────

  const handoverResult = async (done: HandoverDone) => {
    channel.announceHandover(done);
    return {
      pickup: await toPickupRecord(app.db, done.row),
      order: await orderSummary(app.db, done.order, await channel.isClientOnline(done.order.clientId)),
    };
  };
  const handoverErrors = { ...errors, 409: errorObjectSchema, 429: errorObjectSchema, 502: errorObjectSchema };

  app.post(
    '/handover-code',
    route('Text the order’s owner a one-time hand-over code (their phone has no data or no app)', {
      who: staffOnShift,
      idempotent: true,
      config: lookupRateLimit,
      body: handoverCodeSendInputSchema,
      response: { 200: handoverCodeSentSchema, ...handoverErrors },
    }),
    async (request) => {
      const { auth, staff } = staffOf(request);
      return sendHandoverCode(app, { clientId: auth.clientId, staff }, request.body.orderId);
    },
  );

  app.post(
    '/handover-code/confirm',
    route('Hand the order over with the code the owner read out', {
      who: staffOnShift,
      idempotent: true,
      config: lookupRateLimit,
      body: handoverCodeConfirmInputSchema,
      response: { 200: handoverResultSchema, ...handoverErrors },
    }),
    async (request) => {
      const { auth, staff } = staffOf(request);
      return handoverResult(await confirmHandoverCode(app, { clientId: auth.clientId, staff }, request.body));
    },
  );

  app.post(
    '/approve',
    // The staff guard, then the approver's role, both before the body is validated.
    route('A Shift Supervisor, Manager or CEO approves the hand-over with a written reason', {
      onRequest: [staffOnShift, refuseNonApprover()],
      idempotent: true,
      body: handoverApproveInputSchema,
      response: { 200: handoverResultSchema, ...handoverErrors },
    }),
    async (request) => {
      const { auth, staff } = staffOf(request);
      return handoverResult(await approveHandover(app, { clientId: auth.clientId, staff }, request.body));
    },
  );

  app.post(
    '/dispute/:id',
    route('The counter raises a dispute on an order (closes any open request)', {
      who: staffOnShift,
      idempotent: true,
      params: idParamSchema,
      body: pickupDisputeInputSchema,
      response: { 200: pickupLookupResponseSchema, ...errors, 409: errorObjectSchema },
    }),
    async (request) => {
      const { auth, staff } = staffOf(request);
      const result = await channel.dispute(
        { clientId: auth.clientId, asOwner: false, staffId: staff.id },
        request.params.id,
        request.body.dispute,
        request.body.note,
      );
      const order = (await findOrder(app.db, result.order.id)) ?? result.order;
      return {
        attemptStatus: 'blocked' as const,
        order: await orderSummary(app.db, order, await channel.isClientOnline(order.clientId)),
      };
    },
  );
});

export default pickupRoutes;
