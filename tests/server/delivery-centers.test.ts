// Dispatch per gas center: a dispatcher's board is their shift's center's (a CEO or a Manager may
// look at any, or all), a delivery is given only to a rider of its order's center, the staff
// watching a center's board hear its deliveries change (nobody else does), and what a rider or a
// dispatcher types with a step stays with the staff.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Order } from '../../src/domain/schemas/order';
import { centers } from '../../src/server/modules/centers/tables';
import { clients } from '../../src/server/modules/client/tables';
import { deliverySteps } from '../../src/server/modules/delivery/tables';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { orders } from '../../src/server/modules/order/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff, staffCenters } from '../../src/server/modules/staff/tables';
import { connectPickupSocket, nextEvent, type PickupSocket, recordEvents } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let url: string;
let owner: Session;
let ceo: Session;
let ikejaDispatcher: Session;
let lekkiDispatcher: Session;
let ikejaRider: Session & { staffId: string };
let lekkiRider: Session & { staffId: string };
let ikeja: string;
let lekki: string;
let cat: Awaited<ReturnType<typeof catalogue>>;
const sockets: PickupSocket[] = [];

const yaba = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 };

/** A staff member working at `center` only (none: the first center), on a shift there. */
async function member(
  phone: string,
  role: StaffRole,
  firstname: string,
  center?: string,
): Promise<Session & { staffId: string }> {
  const session = await signInAs(app, phone);
  const [row] = await app.db
    .insert(staff)
    .values({ clientId: session.clientId, role, access: [StaffAccess.Staff] })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff not stored');
  if (center) await app.db.insert(staffCenters).values({ staffId: row.id, centerId: center });
  await app.db.insert(shifts).values({ staffId: row.id, ...(center ? { centerId: center } : {}) });
  await app.db.update(clients).set({ firstname, lastname: 'Rider' }).where(eq(clients.id, session.clientId));
  return { ...session, staffId: row.id };
}

/** A home delivery for the owner, delivered from `center`, not paid yet (a refill, or one product). */
async function deliveryOrder(center: string, line?: { productId: string; quantity: number }): Promise<Order> {
  const order = await createOrder(
    app.db,
    owner.clientId,
    {
      type: line ? 'Product' : 'Gas',
      items: [line ?? { productId: cat.gas.id, quantity: 12.5, sizeKg: 12.5 }],
      deliveryOption: 'HomeDelivery',
      homeDeliveryType: 'oneWay',
      address: yaba,
    },
    { legs: app.orderLegs },
  );
  await app.db.update(orders).set({ centerId: center }).where(eq(orders.id, order.id));
  return order;
}

/** The same, paid. */
async function paidDelivery(center: string, line?: { productId: string; quantity: number }): Promise<Order> {
  const order = await deliveryOrder(center, line);
  await markOrderPaid(app.db, order.id, 'Electronic');
  return order;
}

async function deliveryIdOf(order: Order): Promise<string> {
  const res = await injectAs(app, owner, { method: 'GET', url: `/api/delivery/order/${order.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const board = (who: Session, center?: string) =>
  injectAs(app, who, { method: 'GET', url: `/api/delivery/board${center ? `?center=${center}` : ''}` });
const idsOn = async (who: Session, center?: string) => {
  const res = await board(who, center);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries.map((d: { id: string }) => d.id) as string[];
};
const assign = (who: Session, id: string, riderId: string) =>
  injectAs(app, who, { method: 'PUT', url: `/api/delivery/assign/${id}`, payload: { riderId } });
const move = (who: Session, id: string, payload: Record<string, unknown>) =>
  injectAs(app, who, { method: 'PUT', url: `/api/delivery/status/${id}`, payload });

/** A socket that has read its board: it follows that board from then on. */
async function watching(who: Session, center?: string): Promise<PickupSocket> {
  const socket = await connectPickupSocket(url, { cookie: who.cookie });
  sockets.push(socket);
  expect((await board(who, center)).statusCode).toBe(200);
  return socket;
}

/** A round trip: anything sent to the socket before it would have arrived by its answer. */
const roundTrip = (socket: PickupSocket) =>
  socket.timeout(5000).emitWithAck('pingStaff', { pickupId: '00000000-0000-4000-8000-000000000000' });

beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cat = await catalogue(app);
  const [first, second] = await app.db.select().from(centers).orderBy(asc(centers.createdAt), asc(centers.id));
  if (!first || !second) throw new Error('the demo has two centers');
  ikeja = first.id;
  lekki = second.id;
  owner = await signInAs(app, '08030000301');
  // The demo's Sales Associate works at the first center; the CEO may look at any.
  ikejaDispatcher = await signInAs(app, '08010000003');
  ceo = await signInAs(app, '08010000001');
  for (const who of [ikejaDispatcher, ceo]) {
    const [row] = await app.db.select().from(staff).where(eq(staff.clientId, who.clientId));
    if (!row) throw new Error('no demo staff');
    await app.db.insert(shifts).values({ staffId: row.id });
  }
  lekkiDispatcher = await member('08030000302', StaffRole.ShiftSupervisor, 'Ngozi', lekki);
  ikejaRider = await member('08030000303', StaffRole.DeliveryPerson, 'Tunde');
  lekkiRider = await member('08030000304', StaffRole.DeliveryPerson, 'Femi', lekki);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

describe("a center's dispatch board", () => {
  it("shows a dispatcher their shift's center's deliveries and riders only", async () => {
    const atIkeja = await deliveryIdOf(await paidDelivery(ikeja));
    const atLekki = await deliveryIdOf(await paidDelivery(lekki));

    const ikejas = await board(ikejaDispatcher);
    expect(ikejas.json()).toMatchObject({ centerId: ikeja, mayChooseCenter: false });
    const ikejaIds = ikejas.json().deliveries.map((d: { id: string }) => d.id);
    expect(ikejaIds).toContain(atIkeja);
    expect(ikejaIds).not.toContain(atLekki);
    const ikejaRiders = ikejas.json().riders.map((r: { clientId: string }) => r.clientId);
    expect(ikejaRiders).toContain(ikejaRider.clientId);
    expect(ikejaRiders).not.toContain(lekkiRider.clientId);

    const lekkis = await board(lekkiDispatcher);
    expect(lekkis.json().centerId).toBe(lekki);
    expect(lekkis.json().deliveries.map((d: { id: string }) => d.id)).toEqual([atLekki]);
    expect(lekkis.json().deliveries[0]).toMatchObject({ centerId: lekki, centerName: 'Arrive Lekki' });
    expect(lekkis.json().riders.map((r: { clientId: string }) => r.clientId)).toEqual([lekkiRider.clientId]);
    // Naming their own center is the same board.
    expect(await idsOn(lekkiDispatcher, lekki)).toEqual([atLekki]);
  });

  it("refuses another center's board, or every center's, to a dispatcher: 403 with the error object", async () => {
    for (const center of [lekki, 'all']) {
      const res = await board(ikejaDispatcher, center);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        type: 'Forbidden',
        status: 403,
        message: 'You can see only the dispatch board of the gas center your shift is at.',
        additionalInfo: { reason: 'NotYourCenter' },
      });
    }
    expect((await board(ikejaDispatcher, 'nowhere')).statusCode).toBe(400);
  });

  it('lets a CEO look at any center, or all of them', async () => {
    const atIkeja = await deliveryIdOf(await paidDelivery(ikeja));
    const atLekki = await deliveryIdOf(await paidDelivery(lekki));
    const own = await board(ceo);
    expect(own.json()).toMatchObject({ centerId: ikeja, mayChooseCenter: true });
    const lekkis = await idsOn(ceo, lekki);
    expect(lekkis).toContain(atLekki);
    expect(lekkis).not.toContain(atIkeja);
    const all = await board(ceo, 'all');
    expect(all.json().centerId).toBeNull();
    const allIds = all.json().deliveries.map((d: { id: string }) => d.id);
    expect(allIds).toEqual(expect.arrayContaining([atIkeja, atLekki]));
    expect(all.json().riders.map((r: { clientId: string }) => r.clientId)).toEqual(
      expect.arrayContaining([ikejaRider.clientId, lekkiRider.clientId]),
    );
  });
});

describe('assigning per center', () => {
  it("refuses a rider of another center with the reason, and another center's delivery to its dispatcher", async () => {
    const id = await deliveryIdOf(await paidDelivery(lekki));
    const wrongRider = await assign(ceo, id, ikejaRider.staffId);
    expect(wrongRider.statusCode).toBe(409);
    expect(wrongRider.json()).toMatchObject({
      type: 'Conflict',
      message:
        'Tunde Rider does not work at Arrive Lekki, where this order is delivered from. Choose a rider of Arrive Lekki.',
      additionalInfo: { reason: 'RiderOfAnotherCenter', centerId: lekki },
    });
    const notTheirs = await assign(ikejaDispatcher, id, lekkiRider.staffId);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json()).toMatchObject({ additionalInfo: { reason: 'NotYourCenter' } });
    expect((await move(ikejaDispatcher, id, { status: 'Cancelled' })).statusCode).toBe(403);
    expect(await app.db.select().from(deliverySteps).where(eq(deliverySteps.deliveryId, id))).toEqual([]);

    const ok = await assign(lekkiDispatcher, id, lekkiRider.staffId);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'Accepted', carrierClientId: lekkiRider.clientId });
  });

  it("leaves a rider's list their own deliveries only, whichever center", async () => {
    const mine = await deliveryIdOf(await paidDelivery(lekki));
    const theirs = await deliveryIdOf(await paidDelivery(lekki));
    const other = await paidDelivery(lekki);
    const otherId = await deliveryIdOf(other);
    expect((await assign(lekkiDispatcher, mine, lekkiRider.staffId)).statusCode).toBe(200);
    const colleague = await member('08030000305', StaffRole.DeliveryPerson, 'Sola', lekki);
    expect((await assign(lekkiDispatcher, theirs, colleague.staffId)).statusCode).toBe(200);
    const list = await injectAs(app, lekkiRider, { method: 'GET', url: '/api/delivery/mine' });
    const ids = list.json().deliveries.map((d: { id: string }) => d.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(ids).not.toContain(otherId);
    // A rider has no board, of any center.
    expect((await board(lekkiRider)).statusCode).toBe(403);
    expect((await board(lekkiRider, lekki)).statusCode).toBe(403);
    expect((await injectAs(app, lekkiRider, { method: 'GET', url: `/api/delivery/${theirs}` })).statusCode).toBe(403);
  });
});

describe('the board, live', () => {
  it("tells the staff watching the delivery's center when it is assigned and stepped, and nobody else", async () => {
    const lekkiBoard = await watching(lekkiDispatcher);
    const everyBoard = await watching(ceo, 'all');
    const ikejaBoard = await watching(ikejaDispatcher);
    const riderPhone = await connectPickupSocket(url, { cookie: lekkiRider.cookie });
    sockets.push(riderPhone);
    const ikejaSaw = recordEvents(ikejaBoard);
    const riderSaw = recordEvents(riderPhone);

    const id = await deliveryIdOf(await paidDelivery(lekki));
    const assigned = nextEvent(lekkiBoard, 'dispatchBoardChanged', (e) => e.deliveryId === id);
    const seenByCeo = nextEvent(everyBoard, 'dispatchBoardChanged', (e) => e.deliveryId === id);
    expect((await assign(lekkiDispatcher, id, lekkiRider.staffId)).statusCode).toBe(200);
    expect(await assigned).toEqual({ centerId: lekki, deliveryId: id, status: 'Accepted', reason: 'assigned' });
    expect(await seenByCeo).toMatchObject({ centerId: lekki, reason: 'assigned' });

    const stepped = nextEvent(lekkiBoard, 'dispatchBoardChanged', (e) => e.deliveryId === id);
    expect((await move(lekkiRider, id, { status: 'CarrierPickup' })).statusCode).toBe(200);
    expect(await stepped).toMatchObject({ status: 'CarrierPickup', reason: 'step' });
    // A position alone does not change the board.
    await injectAs(app, lekkiRider, {
      method: 'PUT',
      url: `/api/delivery/location/${id}`,
      payload: { lat: 6.45, lng: 3.47 },
    });
    const problem = nextEvent(lekkiBoard, 'dispatchBoardChanged', (e) => e.deliveryId === id);
    expect((await move(lekkiDispatcher, id, { status: 'InTransit' })).statusCode).toBe(200);
    expect(await problem).toMatchObject({ status: 'InTransit', reason: 'step' });
    // Called off (an order not paid yet: nothing to refund), it leaves the open lanes.
    const unpaid = await deliveryIdOf(await deliveryOrder(lekki));
    const cancelled = nextEvent(lekkiBoard, 'dispatchBoardChanged', (e) => e.deliveryId === unpaid);
    expect((await move(lekkiDispatcher, unpaid, { status: 'Cancelled' })).statusCode).toBe(200);
    expect(await cancelled).toMatchObject({ status: 'Cancelled', reason: 'cancelled' });

    for (const s of [ikejaBoard, riderPhone]) await roundTrip(s);
    expect(ikejaSaw.filter((e) => e.name === 'dispatchBoardChanged')).toEqual([]);
    expect(riderSaw.filter((e) => e.name === 'dispatchBoardChanged')).toEqual([]);
  });

  it('follows the board last read: a CEO who turns to another center hears that one only', async () => {
    const socket = await watching(ceo, ikeja);
    const saw = recordEvents(socket);
    expect((await board(ceo, lekki)).statusCode).toBe(200);
    const atIkeja = await deliveryIdOf(await paidDelivery(ikeja));
    const atLekki = await deliveryIdOf(await paidDelivery(lekki));
    const heard = nextEvent(socket, 'dispatchBoardChanged', (e) => e.deliveryId === atLekki);
    expect((await assign(ceo, atIkeja, ikejaRider.staffId)).statusCode).toBe(200);
    expect((await assign(ceo, atLekki, lekkiRider.staffId)).statusCode).toBe(200);
    await heard;
    await roundTrip(socket);
    const boardEvents = saw.filter((e) => e.name === 'dispatchBoardChanged');
    expect(boardEvents.map((e) => (e.payload as { deliveryId: string }).deliveryId)).toEqual([atLekki]);
  });
});

describe("the client's timeline", () => {
  it('carries the rider by first name, never what a rider or a dispatcher typed with a step', async () => {
    const order = await paidDelivery(ikeja, { productId: cat.stove.id, quantity: 1 });
    const id = await deliveryIdOf(order);
    expect((await assign(ikejaDispatcher, id, ikejaRider.staffId)).statusCode).toBe(200);
    const typed = 'Gate code 4471; the client was rude on the phone';
    expect((await move(ikejaRider, id, { status: 'CarrierPickup', note: typed })).statusCode).toBe(200);
    expect((await move(ikejaDispatcher, id, { status: 'InTransit', note: typed })).statusCode).toBe(200);

    const seen = await injectAs(app, owner, { method: 'GET', url: `/api/order/${order.orderNumber}` });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).not.toContain('Gate code');
    const notes = seen.json().events.filter((e: { kind: string }) => e.kind === 'delivery');
    expect(notes.map((e: { status: string; note: string | null }) => [e.status, e.note])).toEqual([
      ['Accepted', 'Carrier: Tunde (Bike)'],
      ['CarrierPickup', null],
      ['InTransit', null],
    ]);
    const delivery = await injectAs(app, owner, { method: 'GET', url: `/api/delivery/order/${order.id}` });
    expect(delivery.json().note).toBeNull();
    expect(delivery.body).not.toContain('Gate code');
    // The staff keep it, on the delivery's steps.
    const staffView = await board(ikejaDispatcher);
    const card = staffView.json().deliveries.find((d: { id: string }) => d.id === id);
    expect(card.steps.map((s: { note: string | null }) => s.note)).toContain(typed);
    // A step tapped twice is refused in words that name what was collected.
    const twice = await move(ikejaRider, id, { status: 'CarrierPickup' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      'This delivery is “In transit” now: it cannot be marked “Collected the stove”. It may have been moved meanwhile.',
    );
  });
});
