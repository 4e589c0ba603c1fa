// Dispatch: who may assign and move home deliveries, a rider's own deliveries only, each step
// recorded once with its time and optional position, and the owner's socket hearing each move.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Order } from '../../src/domain/schemas/order';
import { deliverySteps } from '../../src/server/modules/delivery/tables';
import { findOrderByNumber } from '../../src/server/modules/order/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { connectPickupSocket, nextEvent, type PickupSocket, recordEvents } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs, webHeaders } from '../../src/server/test-utils/test-app';
import { catalogue, homeDeliveryRefill } from './order-helpers';

let app: FastifyInstance;
let url: string;
let owner: Session;
let stranger: Session;
let dispatcher: Session;
let cashier: Session & { staffId: string };
let riderA: Session & { staffId: string };
let riderB: Session & { staffId: string };
let cat: Awaited<ReturnType<typeof catalogue>>;
const sockets: PickupSocket[] = [];

/** Yaba, placed on the map (the client sees the rider's straight-line distance to it). */

async function member(phone: string, role: StaffRole, firstname: string): Promise<Session & { staffId: string }> {
  const session = await signInAs(app, phone);
  const [row] = await app.db
    .insert(staff)
    .values({ clientId: session.clientId, role, access: [StaffAccess.Staff] })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff not stored');
  await app.db.insert(shifts).values({ staffId: row.id });
  const { clients } = await import('../../src/server/modules/client/tables');
  await app.db.update(clients).set({ firstname, lastname: 'Rider' }).where(eq(clients.id, session.clientId));
  return { ...session, staffId: row.id };
}

/** A home-delivery refill for the owner, not paid yet. */
const deliveryOrder = (): Promise<Order> => homeDeliveryRefill(app, owner.clientId, cat.gas.id, { paid: false });

const paidDeliveryOrder = (): Promise<Order> => homeDeliveryRefill(app, owner.clientId, cat.gas.id);

async function deliveryIdOf(order: Order): Promise<string> {
  const res = await injectAs(app, owner, { method: 'GET', url: `/api/delivery/order/${order.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const move = (who: Session, id: string, payload: Record<string, unknown>, key?: string) =>
  injectAs(app, who, {
    method: 'PUT',
    url: `/api/delivery/status/${id}`,
    payload,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
const assign = (who: Session, id: string, payload: Record<string, unknown>) =>
  injectAs(app, who, { method: 'PUT', url: `/api/delivery/assign/${id}`, payload });
const stepsOf = (id: string) => app.db.select().from(deliverySteps).where(eq(deliverySteps.deliveryId, id));

beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  cat = await catalogue(app);
  owner = await signInAs(app, '08030000201');
  stranger = await signInAs(app, '08030000202');
  dispatcher = await signInAs(app, '08010000003');
  const [associate] = await app.db.select().from(staff).where(eq(staff.clientId, dispatcher.clientId));
  if (!associate) throw new Error('no demo associate');
  await app.db.insert(shifts).values({ staffId: associate.id });
  cashier = await member('08030000203', StaffRole.Cashier, 'Kemi');
  riderA = await member('08030000204', StaffRole.DeliveryPerson, 'Tunde');
  riderB = await member('08030000205', StaffRole.DeliveryPerson, 'Femi');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

describe('assigning a rider', () => {
  it("does not undo another dispatcher's choice made meanwhile, and waits for the order to be paid", async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    // Both dispatchers saw nobody assigned; the first assigns Tunde.
    const first = await assign(dispatcher, id, { riderId: riderA.staffId, replacing: null });
    expect(first.statusCode, first.body).toBe(200);
    const second = await assign(dispatcher, id, { riderId: riderB.staffId, replacing: null });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      additionalInfo: { reason: 'AssignedMeanwhile', carrierClientId: riderA.clientId },
    });
    expect(second.json().message).toMatch(/^Tunde Rider was assigned to this delivery meanwhile/);
    // Seen as it is now, the change goes through.
    const again = await assign(dispatcher, id, { riderId: riderB.staffId, replacing: riderA.clientId });
    expect(again.json()).toMatchObject({ carrierClientId: riderB.clientId });

    const unpaid = await deliveryOrder();
    const early = await assign(dispatcher, await deliveryIdOf(unpaid), { riderId: riderA.staffId });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The order is Not Paid; assign a rider once it is paid');
  });

  it('takes only a current Delivery Person, by staff id or by phone, and refuses anyone else', async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    const toCashier = await assign(dispatcher, id, { riderId: cashier.staffId });
    expect(toCashier.statusCode).toBe(400);
    expect(toCashier.json().message).toMatch(/Only a Delivery Person.*Cashier/);
    const byOutsidePhone = await assign(dispatcher, id, { carrierName: 'Someone', carrierPhone: '08039998888' });
    expect(byOutsidePhone.statusCode).toBe(400);
    const unknown = await assign(dispatcher, id, { riderId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect((await stepsOf(id)).length).toBe(0);

    const ok = await assign(dispatcher, id, { riderId: riderA.staffId, vehicle: 'Bike' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'Accepted',
      carrierClientId: riderA.clientId,
      carrierName: 'Tunde Rider',
    });
    const byPhone = await assign(dispatcher, id, { carrierName: 'Femi', carrierPhone: '2348030000205' });
    expect(byPhone.json()).toMatchObject({ status: 'Accepted', carrierClientId: riderB.clientId });
  });

  it('reassigns: the new rider sees it and moves it; the first one no longer can', async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    await assign(dispatcher, id, { riderId: riderA.staffId });
    const mineA = await injectAs(app, riderA, { method: 'GET', url: '/api/delivery/mine' });
    expect(mineA.json().deliveries.map((d: { id: string }) => d.id)).toContain(id);

    const again = await assign(dispatcher, id, { riderId: riderB.staffId, vehicle: 'Scooter' });
    expect(again.json()).toMatchObject({ status: 'Accepted', carrierClientId: riderB.clientId, vehicle: 'Scooter' });
    const afterA = await injectAs(app, riderA, { method: 'GET', url: '/api/delivery/mine' });
    expect(afterA.json().deliveries.map((d: { id: string }) => d.id)).not.toContain(id);
    const mineB = await injectAs(app, riderB, { method: 'GET', url: '/api/delivery/mine' });
    expect(mineB.json().deliveries.find((d: { id: string }) => d.id === id)).toMatchObject({
      clientPhone: '08030000201',
      address: { city: 'Yaba' },
    });

    const byOld = await move(riderA, id, { status: 'CarrierPickup' });
    expect(byOld.statusCode).toBe(403);
    expect(byOld.json().message).toBe('This delivery is not assigned to you');
    expect((await move(riderB, id, { status: 'CarrierPickup' })).statusCode).toBe(200);
  });
});

describe('a rider on the road', () => {
  it("cannot move another rider's delivery, and nothing is recorded", async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    await assign(dispatcher, id, { riderId: riderA.staffId });
    const before = (await stepsOf(id)).length;
    for (const status of ['CarrierPickup', 'Cancelled', 'OrderNotDelivered']) {
      const res = await move(riderB, id, { status });
      expect(res.statusCode, status).toBe(403);
    }
    const loc = await injectAs(app, riderB, {
      method: 'PUT',
      url: `/api/delivery/location/${id}`,
      payload: { lat: 6.5, lng: 3.37 },
    });
    expect(loc.statusCode).toBe(403);
    expect((await stepsOf(id)).length).toBe(before);
    const view = await injectAs(app, dispatcher, { method: 'GET', url: `/api/delivery/${id}` });
    expect(view.json().status).toBe('Accepted');
  });

  it('follows the lifecycle, each step recorded once with its time and optional position, even when retried', async () => {
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    await assign(dispatcher, id, { riderId: riderA.staffId });

    // A skipped step, and moves that are the dispatcher's only (cancel, reject).
    const skip = await move(riderA, id, { status: 'Delivered' });
    expect(skip.statusCode).toBe(409);
    expect((await move(riderA, id, { status: 'Cancelled' })).statusCode).toBe(409);
    expect((await move(riderA, id, { status: 'Rejected' })).statusCode).toBe(409);

    const where = { lat: 6.52, lng: 3.38, accuracyM: 12 };
    const first = await move(riderA, id, { status: 'CarrierPickup', location: where }, 'pickup-key-1');
    expect(first.statusCode, first.body).toBe(200);
    const retry = await move(riderA, id, { status: 'CarrierPickup', location: where }, 'pickup-key-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // Without a position (the phone refused): recorded all the same.
    const distance = async () =>
      (await injectAs(app, owner, { method: 'GET', url: `/api/delivery/progress/${order.id}` })).json().distanceKm;
    for (const status of ['InTransit', 'CantLocateClientLocation', 'InTransit']) {
      const res = await move(riderA, id, { status }, `step-${status}-${Math.random()}`);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      // Stopped by a problem, the rider sends no position: no distance goes stale on the page.
      if (status === 'InTransit') expect(await distance()).not.toBeNull();
      else expect(await distance()).toBeNull();
    }
    // Delivered only with the client's delivery code (the order's pickup code, on their page):
    // without it or with another, refused and nothing recorded; as read out (spaces, lower case), done.
    const { pickupCode } = (await findOrderByNumber(app.db, order.orderNumber)) ?? {};
    if (!pickupCode) throw new Error('the order has no pickup code');
    const stepsBefore = (await stepsOf(id)).length;
    const noCode = await move(riderA, id, { status: 'Delivered' }, 'delivered-no-code');
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({
      type: 'InvalidPickupCode',
      additionalInfo: { reason: 'DeliveryCodeMissing' },
    });
    const wrong = pickupCode === 'ZZZZZZ' ? 'YYYYYY' : 'ZZZZZZ';
    const wrongCode = await move(riderA, id, { status: 'Delivered', code: wrong }, 'delivered-wrong-code');
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ additionalInfo: { reason: 'DeliveryCodeWrong' } });
    expect((await stepsOf(id)).length).toBe(stepsBefore);
    expect((await findOrderByNumber(app.db, order.orderNumber))?.status).toBe('Paid');
    const readOut = `${pickupCode.slice(0, 3)} ${pickupCode.slice(3)}`.toLowerCase();
    const delivered = await move(riderA, id, { status: 'Delivered', code: readOut }, 'delivered-code');
    expect(delivered.statusCode, delivered.body).toBe(200);
    const steps = (await stepsOf(id)).sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(steps.map((s) => s.status)).toEqual([
      'Accepted',
      'CarrierPickup',
      'InTransit',
      'CantLocateClientLocation',
      'InTransit',
      'Delivered',
    ]);
    expect(steps[0]).toMatchObject({ byRider: false, lat: null });
    expect(steps[1]).toMatchObject({ byRider: true, lat: 6.52, lng: 3.38, accuracyM: 12 });
    expect(steps[2]).toMatchObject({ byRider: true, lat: null });
    expect(steps.every((s) => s.at instanceof Date)).toBe(true);
    expect(await findOrderByNumber(app.db, order.orderNumber)).toMatchObject({ status: 'Delivered' });

    const progress = await injectAs(app, owner, { method: 'GET', url: `/api/delivery/progress/${order.id}` });
    expect(progress.json()).toMatchObject({ status: 'Delivered', riderName: 'Tunde', distanceKm: null });
    expect(progress.json().steps).toHaveLength(6);
    // Neither the rider's position nor their phone reaches the client (times like "…26.528Z" may
    // hold "6.52": look for the value and the keys, not the digits).
    const told = JSON.stringify(progress.json());
    expect(told).not.toMatch(/:6\.52[,}]|"(lat|lng|lastLat|lastLng|accuracyM)"/);
    expect(told).not.toContain('08030000204');
    const strangers = await injectAs(app, stranger, { method: 'GET', url: `/api/delivery/progress/${order.id}` });
    expect(strangers.statusCode).toBe(404);
  });

  it('stops a rider guessing the delivery code after five wrong ones, sent at once or not; the dispatcher still closes it', async () => {
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    await assign(dispatcher, id, { riderId: riderA.staffId });
    for (const status of ['CarrierPickup', 'InTransit']) {
      expect((await move(riderA, id, { status }, `guess-${status}-${id}`)).statusCode).toBe(200);
    }
    const { pickupCode } = (await findOrderByNumber(app.db, order.orderNumber)) ?? {};
    if (!pickupCode) throw new Error('the order has no pickup code');
    const wrong = (i: number) => `${pickupCode === 'ZZZZZZ' ? 'Y' : 'Z'}ZZZZ${i % 10}`;
    // Twelve wrong codes at once: each is compared against the count the one before left.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        move(riderA, id, { status: 'Delivered', code: wrong(i) }, `guess-${i}-${id}`),
      ),
    );
    const reasons = guesses.map((g) => (g.json() as { additionalInfo?: { reason?: string } }).additionalInfo?.reason);
    expect(guesses.every((g) => g.statusCode === 400)).toBe(true);
    expect(reasons.filter((r) => r === 'DeliveryCodeWrong')).toHaveLength(5);
    expect(reasons.filter((r) => r === 'TooManyTries')).toHaveLength(7);
    // The right code after them is not compared either, and nothing moved.
    const right = await move(riderA, id, { status: 'Delivered', code: pickupCode }, `guess-right-${id}`);
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ additionalInfo: { reason: 'TooManyTries', attemptsLeft: 0 } });
    expect((await findOrderByNumber(app.db, order.orderNumber))?.status).toBe('Paid');
    // The dispatcher, having spoken to the client, closes it without a code.
    const closed = await move(dispatcher, id, { status: 'Delivered' }, `guess-desk-${id}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await findOrderByNumber(app.db, order.orderNumber))?.status).toBe('Delivered');
  });

  it('keeps the moment a step sent late was taken: after the step before it, never after now', async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    await assign(dispatcher, id, { riderId: riderA.staffId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [accepted] = await stepsOf(id);
    if (!accepted) throw new Error('no Accepted step');
    // Collected 10 ms after the assignment, sent once the phone had a network again.
    const collectedAt = new Date(accepted.at.getTime() + 10);
    const collected = await move(riderA, id, { status: 'CarrierPickup', at: collectedAt.toISOString() });
    expect(collected.statusCode, collected.body).toBe(200);
    // A phone whose clock is an hour behind: not before the step before it.
    const early = await move(riderA, id, { status: 'InTransit', at: new Date(Date.now() - 3_600_000).toISOString() });
    expect(early.statusCode, early.body).toBe(200);
    // One an hour ahead: now, not the future.
    const before = Date.now();
    const late = await move(riderA, id, {
      status: 'OrderNotDelivered',
      at: new Date(before + 3_600_000).toISOString(),
    });
    expect(late.statusCode, late.body).toBe(200);
    const after = Date.now();
    const steps = (await stepsOf(id)).sort((x, y) => x.at.getTime() - y.at.getTime());
    const lateAt = steps[3]?.at.getTime() ?? 0;
    expect(lateAt).toBeGreaterThanOrEqual(before);
    expect(lateAt).toBeLessThanOrEqual(after);
    expect(steps.map((s) => [s.status, s.at.getTime()])).toEqual([
      ['Accepted', accepted.at.getTime()],
      ['CarrierPickup', collectedAt.getTime()],
      ['InTransit', collectedAt.getTime() + 1],
      ['OrderNotDelivered', lateAt],
    ]);
  });

  it("takes a step sent at once at the server's time, though the phone's clock is two hours behind", async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    await assign(dispatcher, id, { riderId: riderA.staffId });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const phoneNow = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const before = Date.now();
    const res = await injectAs(app, riderA, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'CarrierPickup', at: phoneNow },
      headers: { 'x-sent-at': phoneNow },
    });
    expect(res.statusCode, res.body).toBe(200);
    const collected = (await stepsOf(id)).find((s) => s.status === 'CarrierPickup');
    expect(collected?.at.getTime()).toBeGreaterThanOrEqual(before);
    expect(collected?.at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a step the phone's queue sends for a rider who has signed out there since", async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    await assign(dispatcher, id, { riderId: riderA.staffId });
    // Rider A took it offline; the dispatcher signed in on that phone before it was sent.
    const replayed = await injectAs(app, dispatcher, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'CarrierPickup' },
      headers: { 'x-arrive-acting-client': riderA.clientId },
    });
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ additionalInfo: { reason: 'ActingClientMismatch' } });
    expect((await stepsOf(id)).map((s) => s.status)).toEqual(['Accepted']);
    // Sent by the rider who took it, it is recorded.
    const own = await injectAs(app, riderA, {
      method: 'PUT',
      url: `/api/delivery/status/${id}`,
      payload: { status: 'CarrierPickup' },
      headers: { 'x-arrive-acting-client': riderA.clientId },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a bad position and changes nothing', async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    await assign(dispatcher, id, { riderId: riderA.staffId });
    const res = await move(riderA, id, { status: 'CarrierPickup', location: { lat: 123, lng: 3 } });
    expect(res.statusCode).toBe(400);
    expect((await stepsOf(id)).map((s) => s.status)).toEqual(['Accepted']);
  });
});

describe('who may dispatch', () => {
  it('refuses the roles that do not dispatch, and a client', async () => {
    const id = await deliveryIdOf(await paidDeliveryOrder());
    for (const who of [cashier, riderA]) {
      expect((await injectAs(app, who, { method: 'GET', url: '/api/delivery/board' })).statusCode).toBe(403);
      expect((await assign(who, id, { riderId: riderA.staffId })).statusCode).toBe(403);
      expect(
        (await injectAs(app, who, { method: 'PUT', url: `/api/delivery/update/${id}`, payload: { note: 'x' } }))
          .statusCode,
      ).toBe(403);
    }
    // A cashier cannot move a delivery either; a rider only once it is theirs.
    expect((await move(cashier, id, { status: 'Cancelled' })).statusCode).toBe(403);
    expect((await move(riderA, id, { status: 'Cancelled' })).statusCode).toBe(403);
    expect((await injectAs(app, owner, { method: 'GET', url: '/api/delivery/board' })).statusCode).toBe(403);
    expect((await stepsOf(id)).length).toBe(0);

    const board = await injectAs(app, dispatcher, { method: 'GET', url: '/api/delivery/board' });
    expect(board.statusCode).toBe(200);
    expect(board.json().deliveries.map((d: { id: string }) => d.id)).toContain(id);
    expect(board.json().riders.map((r: { clientId: string }) => r.clientId)).toEqual(
      expect.arrayContaining([riderA.clientId, riderB.clientId]),
    );
    expect(board.json().riders.map((r: { clientId: string }) => r.clientId)).not.toContain(cashier.clientId);
  });
});

describe('the client on the socket', () => {
  it("hears each move of their own order's delivery, with the rider's distance, and nobody else does", async () => {
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    const mine = await connectPickupSocket(url, { cookie: owner.cookie });
    const theirs = await connectPickupSocket(url, { cookie: stranger.cookie });
    const riderSocket = await connectPickupSocket(url, { cookie: riderA.cookie });
    sockets.push(mine, theirs, riderSocket);
    const strangerSaw = recordEvents(theirs);
    const riderSaw = recordEvents(riderSocket);

    const accepted = nextEvent(mine, 'deliveryProgress', (p) => p.deliveryId === id && p.status === 'Accepted');
    await assign(dispatcher, id, { riderId: riderA.staffId });
    expect(await accepted).toMatchObject({ orderNumber: order.orderNumber, riderName: 'Tunde', distanceKm: null });

    const collected = nextEvent(mine, 'deliveryProgress', (p) => p.status === 'CarrierPickup');
    await move(riderA, id, { status: 'CarrierPickup' });
    await collected;
    // Collected, the rider may still be at the gas center: their position is not the client's yet.
    const stillAtCenter = nextEvent(mine, 'deliveryProgress', (p) => p.status === 'CarrierPickup');
    await injectAs(app, riderA, {
      method: 'PUT',
      url: `/api/delivery/location/${id}`,
      payload: { lat: 6.6, lng: 3.35 },
    });
    expect(await stillAtCenter).toMatchObject({ distanceKm: null, locatedAt: null });
    const onTheWay = nextEvent(mine, 'deliveryProgress', (p) => p.status === 'InTransit');
    await move(riderA, id, { status: 'InTransit' });
    await onTheWay;
    // About 1.3 km north-east of the address, in a straight line.
    const near = nextEvent(mine, 'deliveryProgress', (p) => p.distanceKm !== null);
    const loc = await injectAs(app, riderA, {
      method: 'PUT',
      url: `/api/delivery/location/${id}`,
      payload: { lat: 6.518, lng: 3.38 },
    });
    expect(loc.json()).toEqual({ recorded: true });
    const seen = await near;
    expect(seen.distanceKm).toBeGreaterThan(1);
    expect(seen.distanceKm).toBeLessThan(1.6);
    expect(JSON.stringify(seen)).not.toMatch(/6\.518/);

    // A round trip on the other sockets: anything sent to them would have arrived before the answer.
    for (const s of [theirs, riderSocket]) {
      await s.timeout(5000).emitWithAck('pingStaff', { pickupId: '00000000-0000-4000-8000-000000000000' });
    }
    expect(strangerSaw.filter((e) => e.name === 'deliveryProgress')).toEqual([]);
    expect(riderSaw.filter((e) => e.name === 'deliveryProgress')).toEqual([]);
  });

  it('closes a socket whose session was signed out instead of telling it, and keeps telling the others', async () => {
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    const phone = await signInAs(app, '08030000201');
    const laptop = await signInAs(app, '08030000201');
    const signedOut = await connectPickupSocket(url, { cookie: phone.cookie });
    const live = await connectPickupSocket(url, { cookie: laptop.cookie });
    sockets.push(signedOut, live);
    const outSaw = recordEvents(signedOut);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...webHeaders, cookie: phone.cookie },
    });
    expect(logout.statusCode).toBeLessThan(300);

    const closed = new Promise<void>((resolve) => signedOut.once('disconnect', () => resolve()));
    const told = nextEvent(live, 'deliveryProgress', (p) => p.deliveryId === id);
    await assign(dispatcher, id, { riderId: riderA.staffId });
    await told;
    await closed;
    expect(outSaw.filter((e) => e.name === 'deliveryProgress')).toEqual([]);
  });
});

describe("a rider's shift", () => {
  it('does not end while they carry a delivery, and ends once it is handed over', async () => {
    const rider = await member('08030000206', StaffRole.DeliveryPerson, 'Sola');
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    expect((await assign(dispatcher, id, { riderId: rider.staffId })).statusCode).toBe(200);
    const end = () => injectAs(app, rider, { method: 'POST', url: '/api/shift/end', payload: { closingCash: 0 } });
    // Collected: the goods are with the rider (merely assigned, the dispatcher could give it to
    // someone else, and does not stop the shift).
    expect((await move(rider, id, { status: 'CarrierPickup' })).statusCode).toBe(200);
    const refused = await end();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      additionalInfo: { reason: 'CarryingDeliveries', orders: [order.orderNumber] },
    });
    expect(refused.json().message).toMatch(new RegExp(`^You are still carrying ${order.orderNumber}\\.`));
    // Tapped twice from two phones: said in the board's words, not the lifecycle's.
    const twice = await move(rider, id, { status: 'CarrierPickup' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This delivery is already “Collected the cylinder”: it was moved meanwhile.');
    expect((await move(rider, id, { status: 'InTransit' })).statusCode).toBe(200);
    expect((await end()).statusCode).toBe(409);
    // Handed over (the client phoned the dispatcher): the shift can end.
    expect((await move(dispatcher, id, { status: 'Delivered' })).statusCode).toBe(200);
    expect((await end()).statusCode).toBe(200);
  });
});

describe("the client's delivery code", () => {
  it('is shown to no staff member: a rider cannot read it from the staff order lists', async () => {
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    expect((await assign(dispatcher, id, { riderId: riderA.staffId })).statusCode).toBe(200);
    const { pickupCode } = (await findOrderByNumber(app.db, order.orderNumber)) ?? {};
    if (!pickupCode) throw new Error('the order has no pickup code');
    for (const url of [
      `/api/order/with_client/${order.id}`,
      `/api/order/with_client/search?q=${order.orderNumber}`,
      `/api/order/with_client/search?q=${pickupCode}`,
      '/api/order/filtered?pageSize=50',
    ]) {
      // The rider is refused the company's order lists outright (src/domain/staff-scopes.ts).
      const asRider = await injectAs(app, riderA, { method: 'GET', url });
      expect(asRider.statusCode, `${url}: ${asRider.body}`).toBe(403);
      expect(asRider.json().additionalInfo, url).toEqual({ reason: 'MissingAccess' });
      const res = await injectAs(app, dispatcher, { method: 'GET', url });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.body, url).not.toContain(pickupCode);
    }
    // Found by it all the same (the client reads it out at the counter).
    const found = await injectAs(app, dispatcher, {
      method: 'GET',
      url: `/api/order/with_client/search?q=${pickupCode}`,
    });
    expect(found.json().orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order.orderNumber]);
    // The client still sees it.
    expect(
      (await injectAs(app, owner, { method: 'GET', url: `/api/order/${order.orderNumber}` })).json(),
    ).toMatchObject({
      pickupCode,
    });
  });
});

// Last in the file: it spends the address's allowance of moves for the minute.
describe("guessing a client's delivery code", () => {
  it('is stopped after 60 moves a minute from one address, and a stopped guess records nothing', async () => {
    const rider = await member('08030000207', StaffRole.DeliveryPerson, 'Kemi');
    const order = await paidDeliveryOrder();
    const id = await deliveryIdOf(order);
    expect((await assign(dispatcher, id, { riderId: rider.staffId })).statusCode).toBe(200);
    expect((await move(rider, id, { status: 'CarrierPickup' })).statusCode).toBe(200);
    expect((await move(rider, id, { status: 'InTransit' })).statusCode).toBe(200);
    const { pickupCode } = (await findOrderByNumber(app.db, order.orderNumber)) ?? {};
    if (!pickupCode) throw new Error('the order has no pickup code');
    const statuses: number[] = [];
    for (let guess = 0; guess < 61 && !statuses.includes(429); guess++) {
      const code = `Z${String(guess).padStart(5, '2')}`.replace(/[01]/g, '9');
      statuses.push(
        (await move(rider, id, { status: 'Delivered', code: code === pickupCode ? 'YYYYYY' : code })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    // Even the right code waits for the minute to pass.
    expect((await move(rider, id, { status: 'Delivered', code: pickupCode })).statusCode).toBe(429);
    expect((await findOrderByNumber(app.db, order.orderNumber))?.status).toBe('Paid');
  });
});
