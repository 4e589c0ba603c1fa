import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isPrivileged } from '../../../domain/access';
import { DeliveryOption, DeliveryStatus } from '../../../domain/enums';
import { AppError, ErrorType } from '../../../domain/errors';
import {
  type Delivery,
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
  dispatchBoardQuerySchema,
  dispatchBoardSchema,
  riderDeliveriesSchema,
  riderLocationInputSchema,
} from '../../../domain/schemas/delivery';
import { deliveryAddressSchema } from '../../../domain/schemas/order';
import { assertActingClient } from '../../lib/acting-client';
import { quoteDelivery } from '../../lib/delivery-quote';
import { onServerClock } from '../../lib/device-time';
import { routesOf } from '../../lib/route';
import { signedInClientId } from '../../lib/signed-in';
import { actsForCenter, centerPhoneOf, findCenter, notYourCenter, orderCenters } from '../centers';
import { findOrderById } from '../order';
import { requestRefund } from '../payment';
import { openShiftRefOf, openShiftsOf } from '../shift';
import { currentStaff } from '../staff';
import { boardEncodingOf, dispatchBoards, matchesBoardEtag } from './board-cache';
import { followBoard } from './channel';
import {
  boardCenterOf,
  dispatchCentersOf,
  listRiderDeliveries,
  progressOfOrder,
  recordRiderPosition,
  resolveRider,
  riderCentersOf,
} from './dispatch';
import { assertRiderOrder, findRiderDelivery, riderList } from './rider-scope';
import { changeDeliveryStatus, findDeliveries, findOneDelivery, toClientDeliveryView } from './service';
import { deliveries } from './tables';

const idParams = z.object({ id: z.uuid('Delivery not found') });

/**
 * Routes of the /api/delivery area. Clients see their own deliveries (another client's answer
 * 404); dispatchers (dispatch-access.ts) on a shift see and move every delivery and assign
 * riders; a rider (Delivery Person) sees and moves only the deliveries assigned to them.
 */
const deliveryRoutes = routesOf('delivery', async (app, route) => {
  const maps = app.maps;
  const staff = app.requireStaff();
  // Who may call each staff route, and on what, is the scopes table's (src/domain/staff-scopes.ts),
  // checked by the guard before the body is read: dispatchers reach every delivery, a rider (own
  // scope) only those assigned to them (rider-scope.ts).
  const dispatchers = staff;
  const dispatchersOrRiders = staff;
  // This instance's copy of the boards, checked against the database on every read.
  const boards = dispatchBoards(app.db, { openShiftsOf: (staffIds) => openShiftsOf(app.db, staffIds), openShiftRefOf });

  /**
   * Whose deliveries a caller reads: every one for staff the route's scope reaches (a rider's are
   * checked one by one, rider-scope.ts); anyone else only their own, as a client.
   */
  async function scopeOf(request: FastifyRequest): Promise<string | undefined> {
    return request.staffScope ? undefined : signedInClientId(request);
  }
  const isRiderScope = (request: FastifyRequest) => request.staffScope === 'own';
  /** Called when the order's gas center has no phone of its own. */
  const centerPhone = app.config.GAS_CENTER_PHONE ?? null;
  /** The phone a client calls about a delivery: its order's gas center's, else GAS_CENTER_PHONE. */
  const phoneFor = async (orderId: string) => {
    const order = await findOrderById(app.db, orderId);
    return (order ? await centerPhoneOf(app.db, order.centerId) : null) ?? centerPhone;
  };
  /**
   * A dispatcher opens and edits the deliveries of their shift's center only, as they assign and
   * move them (service.ts); a CEO or a Manager any center's. Another center's: 403 NotYourCenter.
   */
  const assertActsForOrderCenter = async (request: FastifyRequest, centerId: string) => {
    const member = currentStaff(request);
    if (actsForCenter(member, centerId)) return;
    throw notYourCenter((await findCenter(app.db, centerId))?.name ?? 'This gas center');
  };
  /** A client (scoped to their own) reads the rider's first name only; staff read the delivery whole. */
  const seenBy = async (scope: string | undefined, view: Delivery): Promise<Delivery> =>
    scope ? toClientDeliveryView(view, await phoneFor(view.orderId)) : view;

  app.post(
    '/quote',
    route('The home-delivery fee for an address, from its distance to the gas center it is delivered from', {
      who: app.requireClient,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      body: deliveryQuoteInputSchema,
      ok: deliveryQuoteSchema,
    }),
    async (request) =>
      quoteDelivery(
        maps,
        request.body.address,
        request.body.homeDeliveryType,
        await orderCenters(app.db, request.body.centerId),
      ),
  );

  app.get(
    '/all',
    route('Staff: every delivery, by status', { who: staff, query: deliveryListQuerySchema, ok: deliveryPageSchema }),
    async (request) => {
      const { status, page, pageSize } = request.query;
      return findDeliveries(app.db, status ? { status } : {}, { page, pageSize });
    },
  );

  app.get(
    '/client/:clientId',
    route("A client's deliveries (clients: their own only)", {
      who: app.requireClientOrStaff,
      params: z.object({ clientId: z.uuid('Client not found') }),
      query: deliveryListQuerySchema,
      ok: deliveryPageSchema,
    }),
    async (request) => {
      const scope = await scopeOf(request);
      if (scope && scope !== request.params.clientId) {
        throw new AppError('Client not found', { status: 404, type: ErrorType.NotFound });
      }
      const { status, page, pageSize } = request.query;
      const found = await findDeliveries(
        app.db,
        { clientId: request.params.clientId, ...(status ? { status } : {}) },
        { page, pageSize },
      );
      return { ...found, deliveries: await Promise.all(found.deliveries.map((d) => seenBy(scope, d))) };
    },
  );

  app.get(
    '/ordernumber/:orderNumber',
    route('The delivery of an order, by order number', {
      who: app.requireClientOrStaff,
      params: z.object({ orderNumber: z.string().trim().min(1).max(64) }),
      ok: deliverySchema,
    }),
    async (request) => {
      if (isRiderScope(request)) {
        return findRiderDelivery(app.db, signedInClientId(request), { orderNumber: request.params.orderNumber });
      }
      const scope = await scopeOf(request);
      const found = await findOneDelivery(app.db, {
        orderNumber: request.params.orderNumber,
        ...(scope ? { clientId: scope } : {}),
      });
      return seenBy(scope, found);
    },
  );

  app.get(
    '/order/:orderId',
    route('The delivery of an order, by order id', {
      who: app.requireClientOrStaff,
      params: z.object({ orderId: z.uuid('Order not found') }),
      ok: deliverySchema,
    }),
    async (request) => {
      if (isRiderScope(request))
        return findRiderDelivery(app.db, signedInClientId(request), { orderId: request.params.orderId });
      const scope = await scopeOf(request);
      const found = await findOneDelivery(app.db, {
        orderId: request.params.orderId,
        ...(scope ? { clientId: scope } : {}),
      });
      return seenBy(scope, found);
    },
  );

  app.post(
    '/new',
    route('Staff: open the delivery record of a HomeDelivery order that has none', {
      onRequest: dispatchers,
      idempotent: true,
      body: deliveryNewInputSchema,
      created: deliverySchema,
    }),
    async (request, reply) => {
      const order = await findOrderById(app.db, request.body.orderId);
      if (!order) throw new AppError('Order not found', { status: 404, type: ErrorType.NotFound });
      await assertActsForOrderCenter(request, order.centerId);
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
    route('Staff: change the note for the carrier or the vehicle', {
      onRequest: dispatchers,
      params: idParams,
      body: deliveryUpdateInputSchema,
      ok: deliverySchema,
    }),
    async (request) => {
      const [row] = await app.db
        .select({ orderId: deliveries.orderId })
        .from(deliveries)
        .where(eq(deliveries.id, request.params.id));
      if (!row) throw new AppError('Delivery not found', { status: 404, type: ErrorType.NotFound });
      const order = await findOrderById(app.db, row.orderId);
      if (order) await assertActsForOrderCenter(request, order.centerId);
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
    route(
      "Dispatchers move a delivery along its lifecycle, a rider only their own, Delivered with the client's delivery code (Delivered also completes the order)",
      {
        onRequest: dispatchersOrRiders,
        idempotent: true,
        // A delivery code is six of 31 characters (887 million): at 60 tries a minute from one
        // address, guessing one would take years. A board moves far fewer a minute.
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        params: idParams,
        body: deliveryStatusInputSchema,
        ok: deliverySchema,
      },
    ),
    async (request) => {
      // A rider's step sent late by their phone's queue is theirs, whoever is signed in there now.
      assertActingClient(request);
      const actorClientId = signedInClientId(request);
      const member = request.staff;
      const asRider = request.staffScope !== 'company';
      const { refund, ...moved } = await changeDeliveryStatus(app.db, request.params.id, request.body.status, {
        note: request.body.note,
        actorClientId,
        location: request.body.location,
        notices: app.deliveryNotices,
        code: request.body.code,
        at: onServerClock(request, request.body.at),
        legs: app.orderLegs,
        actorStaffId: member?.id,
        ...(asRider ? { riderClientId: actorClientId } : { actorCenterIds: dispatchCentersOf(member) }),
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
    route('Dispatchers: assign or reassign the rider, a Delivery Person (the delivery becomes Accepted)', {
      onRequest: dispatchers,
      idempotent: true,
      params: idParams,
      body: deliveryAssignInputSchema,
      ok: deliverySchema,
    }),
    async (request) => {
      const rider = await resolveRider(app.db, request.body);
      return changeDeliveryStatus(app.db, request.params.id, DeliveryStatus.Accepted, {
        actorClientId: signedInClientId(request),
        carrier: { ...rider, vehicle: request.body.vehicle },
        carrierCenterIds: await riderCentersOf(app.db, rider.carrierClientId),
        actorCenterIds: dispatchCentersOf(request.staff),
        replacing: request.body.replacing,
        notices: app.deliveryNotices,
      });
    },
  );

  app.get(
    '/board',
    route(
      "Dispatchers: a gas center's paid deliveries still open and those finished today, with its riders (the shift's center; a CEO or Manager may name any, or all)",
      {
        // The dispatchers' guard, its staff lookup reading the board's version in the same statement.
        onRequest: app.requireStaff({ loadStaff: boards.staffOf }),
        query: dispatchBoardQuerySchema,
        ok: dispatchBoardSchema,
      },
    ),
    async (request, reply) => {
      const member = currentStaff(request);
      const centerId = await boardCenterOf(app.db, member, request.query.center);
      // The caller's open sockets hear this board's changes from now on (and another center's no more).
      await followBoard(app, signedInClientId(request), centerId);
      // As the serializer would write it, kept in memory until the board changes, and compressed
      // once per change in the encoding asked for (board-cache.ts).
      const board = await boards.answer(
        centerId,
        isPrivileged(member.access),
        boardEncodingOf(request.headers),
        member,
      );
      // Always revalidated (the board moves all day); an unchanged board costs no body. Private:
      // the board is the caller's, and its bytes depend on the encoding asked for.
      // The bytes are already the serializer's text: sent as they are, past the typed reply.
      const plain = reply as unknown as FastifyReply;
      plain.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').header('etag', board.etag);
      if (matchesBoardEtag(request.headers['if-none-match'], board.etag)) return plain.code(304).send();
      // Already compressed: the app's compression leaves an answer with an encoding as it is.
      if (board.encoding) plain.header('content-encoding', board.encoding);
      return plain.type('application/json; charset=utf-8').send(board.body);
    },
  );

  app.get(
    '/mine',
    route("A rider's deliveries: still open, or finished today", { who: staff, ok: riderDeliveriesSchema }),
    async (request) => {
      const rider = signedInClientId(request);
      return { deliveries: riderList(await listRiderDeliveries(app.db, rider), rider) };
    },
  );

  app.put(
    '/location/:id',
    route('The rider: where the phone is now, on the way (the client sees only how far away)', {
      who: staff,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      params: idParams,
      body: riderLocationInputSchema,
      ok: z.object({ recorded: z.boolean() }),
    }),
    async (request) =>
      recordRiderPosition(app.db, request.params.id, signedInClientId(request), request.body, app.deliveryNotices),
  );

  app.get(
    '/progress/:orderId',
    route("The delivery's steps with times, the rider's first name and roughly how far they are", {
      who: app.requireClientOrStaff,
      params: z.object({ orderId: z.uuid('Order not found') }),
      ok: deliveryProgressSchema,
    }),
    async (request) => {
      if (isRiderScope(request)) await assertRiderOrder(app.db, signedInClientId(request), request.params.orderId);
      return progressOfOrder(app.db, request.params.orderId, await scopeOf(request), centerPhone);
    },
  );

  app.get(
    '/:id',
    route('One delivery', { who: app.requireClientOrStaff, params: idParams, ok: deliverySchema }),
    async (request) => {
      if (isRiderScope(request)) return findRiderDelivery(app.db, signedInClientId(request), { id: request.params.id });
      const scope = await scopeOf(request);
      return seenBy(
        scope,
        await findOneDelivery(app.db, { id: request.params.id, ...(scope ? { clientId: scope } : {}) }),
      );
    },
  );
});

export default deliveryRoutes;
