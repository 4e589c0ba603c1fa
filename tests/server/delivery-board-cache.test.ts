// The dispatch board kept in memory (delivery/board-cache.ts): a repeat read costs one statement
// beyond the session's and answers the same text as a fresh reading, and every kind of change
// the board shows is in the next read, whoever wrote it: a delivery paid, assigned, stepped,
// cancelled or moved with its order to another center, a rider's shift starting or ending, a
// rider added or renamed, the next Lagos day. With TEST_DATABASE_URL, the same across two
// instances on one PostgreSQL database: a change made through one is in the other's next read.
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import { type DispatchBoard, dispatchBoardSchema } from '../../src/domain/schemas/delivery';
import type { Order } from '../../src/domain/schemas/order';
import { centers } from '../../src/server/modules/centers/tables';
import { clients } from '../../src/server/modules/client/tables';
import { dispatchBoards } from '../../src/server/modules/delivery/board-cache';
import { listBoard, listRiders } from '../../src/server/modules/delivery/dispatch';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { openShiftsOf } from '../../src/server/modules/shift/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff, staffCenters } from '../../src/server/modules/staff/tables';
import {
  buildTestApp,
  createFreshDatabase,
  injectAs,
  postgresReachable,
  type Session,
  signInAs,
} from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

const POSTGRES_SERVER = process.env.TEST_DATABASE_URL;
const yaba = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 };

type Member = Session & { staffId: string };

/** The setting of one app (or two on one database): the demo's two centers, their staff, a client. */
async function chain(app: FastifyInstance) {
  const [first, second] = await app.db.select().from(centers).orderBy(asc(centers.createdAt), asc(centers.id));
  if (!first || !second) throw new Error('the demo has two centers');
  const ikeja = first.id;
  const lekki = second.id;
  const cat = await catalogue(app);
  const owner = await signInAs(app, '08030000501');

  /** A staff member of `center` (none: listed at no center, the first one's), on a shift there. */
  const member = async (phone: string, role: StaffRole, firstname: string, center?: string): Promise<Member> => {
    const session = await signInAs(app, phone);
    await app.db.update(clients).set({ firstname, lastname: 'Rider' }).where(eq(clients.id, session.clientId));
    const [row] = await app.db
      .insert(staff)
      .values({ clientId: session.clientId, role, access: [StaffAccess.Staff] })
      .returning({ id: staff.id });
    if (!row) throw new Error('staff not stored');
    if (center) await app.db.insert(staffCenters).values({ staffId: row.id, centerId: center });
    await app.db.insert(shifts).values({ staffId: row.id, ...(center ? { centerId: center } : {}) });
    return { ...session, staffId: row.id };
  };
  const demoOnShift = async (phone: string): Promise<Member> => {
    const session = await signInAs(app, phone);
    const [row] = await app.db.select().from(staff).where(eq(staff.clientId, session.clientId));
    if (!row) throw new Error('no demo staff');
    await app.db.insert(shifts).values({ staffId: row.id });
    return { ...session, staffId: row.id };
  };
  // The demo's Sales Associate dispatches at the first center; the CEO may read any board.
  const ikejaDispatcher = await demoOnShift('08010000003');
  const ceo = await demoOnShift('08010000001');
  const lekkiDispatcher = await member('08030000502', StaffRole.ShiftSupervisor, 'Ngozi', lekki);
  const ikejaRider = await member('08030000503', StaffRole.DeliveryPerson, 'Tunde', ikeja);
  const lekkiRider = await member('08030000504', StaffRole.DeliveryPerson, 'Femi', lekki);

  /** A home delivery of a refill from `center`, paid unless told otherwise; answers its delivery's id. */
  const delivery = async (center: string, paid = true): Promise<{ order: Order; id: string }> => {
    const order = await createOrder(
      app.db,
      owner.clientId,
      {
        type: 'Gas',
        items: [{ productId: cat.gas.id, quantity: 12.5, sizeKg: 12.5 }],
        deliveryOption: 'HomeDelivery',
        homeDeliveryType: 'oneWay',
        address: yaba,
        centerId: center,
      },
      { legs: app.orderLegs },
    );
    if (paid) await markOrderPaid(app.db, order.id, 'Electronic');
    const res = await injectAs(app, owner, { method: 'GET', url: `/api/delivery/order/${order.id}` });
    expect(res.statusCode, res.body).toBe(200);
    return { order, id: res.json().id };
  };
  return { ikeja, lekki, owner, member, ikejaDispatcher, ceo, lekkiDispatcher, ikejaRider, lekkiRider, delivery };
}

const boardOf = async (app: FastifyInstance, who: Session, center?: string) => {
  const res = await injectAs(app, who, {
    method: 'GET',
    url: `/api/delivery/board${center ? `?center=${center}` : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { body: res.body, board: res.json() as DispatchBoard };
};
const cardOf = (board: DispatchBoard, id: string) => board.deliveries.find((d) => d.id === id);
const riderOf = (board: DispatchBoard, clientId: string) => board.riders.find((r) => r.clientId === clientId);
const assign = (app: FastifyInstance, who: Session, id: string, riderId: string) =>
  injectAs(app, who, { method: 'PUT', url: `/api/delivery/assign/${id}`, payload: { riderId } });
const step = (app: FastifyInstance, who: Session, id: string, payload: Record<string, unknown>) =>
  injectAs(app, who, { method: 'PUT', url: `/api/delivery/status/${id}`, payload });

describe('the dispatch board kept in memory', () => {
  let app: FastifyInstance;
  let setting: Awaited<ReturnType<typeof chain>>;

  beforeAll(async () => {
    app = await buildTestApp({ env: { SEED_DEMO: 'true' }, countQueries: true });
    setting = await chain(app);
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a repeat read with one statement, the session and the version together, the same text as a fresh reading', async () => {
    const { ikeja, ikejaDispatcher, ceo, delivery, ikejaRider } = setting;
    await delivery(ikeja);
    const first = await boardOf(app, ikejaDispatcher);
    // What the route answered before the board was kept: the same fields, in the same order.
    const fresh = {
      deliveries: await listBoard(app.db, ikeja),
      riders: await listRiders(app.db, (ids) => openShiftsOf(app.db, ids), ikeja),
      centerId: ikeja,
      mayChooseCenter: false,
    };
    expect(first.body).toBe(JSON.stringify(z.encode(dispatchBoardSchema, fresh)));
    // A rider on a shift is on one whichever way it is read (one statement for them all now).
    const staffOfRider = await app.loadStaff(ikejaRider.clientId);
    expect(riderOf(first.board, ikejaRider.clientId)?.onShift).toBe(Boolean(staffOfRider?.shiftId));
    expect(riderOf(first.board, ikejaRider.clientId)?.onShift).toBe(true);

    const again = await app.database.statementsOf(() => boardOf(app, ikejaDispatcher));
    expect(again.result.body).toBe(first.body);
    // The session's own (the staff member with their shift), the board's version read beside it.
    expect(again.statements).toBe(1);

    // The same board read by a CEO: their own field only differs.
    const byCeo = await boardOf(app, ceo, ikeja);
    expect(byCeo.board.mayChooseCenter).toBe(true);
    expect(byCeo.body.replace('"mayChooseCenter":true}', '"mayChooseCenter":false}')).toBe(first.body);
  });

  it('shows a delivery paid, assigned, stepped and cancelled, and the rider’s load, on the next read', async () => {
    const { ikeja, ikejaDispatcher, ikejaRider, delivery } = setting;
    const unpaid = await delivery(ikeja, false);
    const before = await boardOf(app, ikejaDispatcher);
    expect(cardOf(before.board, unpaid.id)).toBeUndefined();
    const load = riderOf(before.board, ikejaRider.clientId)?.openDeliveries ?? 0;

    await markOrderPaid(app.db, unpaid.order.id, 'Electronic');
    const paid = await boardOf(app, ikejaDispatcher);
    expect(cardOf(paid.board, unpaid.id)).toMatchObject({ status: 'Pending', orderStatus: 'Paid' });

    expect((await assign(app, ikejaDispatcher, unpaid.id, ikejaRider.staffId)).statusCode).toBe(200);
    const assigned = await boardOf(app, ikejaDispatcher);
    expect(cardOf(assigned.board, unpaid.id)).toMatchObject({ status: 'Accepted', carrierName: 'Tunde Rider' });
    expect(riderOf(assigned.board, ikejaRider.clientId)?.openDeliveries).toBe(load + 1);

    expect((await step(app, ikejaRider, unpaid.id, { status: 'CarrierPickup' })).statusCode).toBe(200);
    const collected = await boardOf(app, ikejaDispatcher);
    expect(cardOf(collected.board, unpaid.id)?.status).toBe('CarrierPickup');
    expect(cardOf(collected.board, unpaid.id)?.steps.map((s) => s.status)).toEqual(['Accepted', 'CarrierPickup']);

    // The rider's position alone is no step, but the card's time of change moves with it.
    const located = await injectAs(app, ikejaRider, {
      method: 'PUT',
      url: `/api/delivery/location/${unpaid.id}`,
      payload: { lat: 6.45, lng: 3.47 },
    });
    expect(located.json()).toEqual({ recorded: true });
    const moved = await boardOf(app, ikejaDispatcher);
    expect(cardOf(moved.board, unpaid.id)?.updatedAt).not.toBe(cardOf(collected.board, unpaid.id)?.updatedAt);

    // Called off before it was paid (nothing to refund): among today's finished from then on.
    const other = await delivery(ikeja, false);
    expect(cardOf((await boardOf(app, ikejaDispatcher)).board, other.id)).toBeUndefined();
    const cancel = await step(app, ikejaDispatcher, other.id, { status: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cardOf((await boardOf(app, ikejaDispatcher)).board, other.id)?.status).toBe('Cancelled');
  });

  it("moves a delivery from one center's board to the other's with its order", async () => {
    const { ikeja, lekki, ikejaDispatcher, lekkiDispatcher, ceo, delivery } = setting;
    const { order, id } = await delivery(ikeja);
    expect(cardOf((await boardOf(app, ikejaDispatcher)).board, id)).toBeDefined();
    expect(cardOf((await boardOf(app, lekkiDispatcher)).board, id)).toBeUndefined();
    const every = await boardOf(app, ceo, 'all');
    expect(cardOf(every.board, id)?.centerId).toBe(ikeja);

    const res = await injectAs(app, ceo, {
      method: 'POST',
      url: `/api/admin/orders/${order.id}/move`,
      payload: { centerId: lekki, reason: 'Closer to the client' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(cardOf((await boardOf(app, ikejaDispatcher)).board, id)).toBeUndefined();
    expect(cardOf((await boardOf(app, lekkiDispatcher)).board, id)).toMatchObject({
      centerId: lekki,
      centerName: 'Arrive Lekki',
    });
    expect(cardOf((await boardOf(app, ceo, 'all')).board, id)?.centerId).toBe(lekki);
  });

  it("shows a rider's shift ending and starting, a rider added to the center and one renamed", async () => {
    const { lekki, lekkiDispatcher, lekkiRider, ceo, member } = setting;
    const before = await boardOf(app, lekkiDispatcher);
    expect(riderOf(before.board, lekkiRider.clientId)?.onShift).toBe(true);

    const ended = await injectAs(app, ceo, {
      method: 'POST',
      url: `/api/admin/end_shift/${lekkiRider.staffId}`,
      payload: { closingCash: 0 },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(riderOf((await boardOf(app, lekkiDispatcher)).board, lekkiRider.clientId)?.onShift).toBe(false);

    const started = await injectAs(app, ceo, {
      method: 'POST',
      url: `/api/admin/start_shift/${lekkiRider.staffId}`,
      payload: { openingFloat: 0 },
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(riderOf((await boardOf(app, lekkiDispatcher)).board, lekkiRider.clientId)?.onShift).toBe(true);

    const added = await member('08030000505', StaffRole.DeliveryPerson, 'Sola', lekki);
    const withNew = await boardOf(app, lekkiDispatcher);
    expect(riderOf(withNew.board, added.clientId)).toMatchObject({
      name: 'Sola Rider',
      onShift: true,
      centerIds: [lekki],
    });

    await app.db.update(clients).set({ firstname: 'Solomon' }).where(eq(clients.id, added.clientId));
    expect(riderOf((await boardOf(app, lekkiDispatcher)).board, added.clientId)?.name).toBe('Solomon Rider');
  });

  it('keeps one board per center, read again on the next Lagos day', async () => {
    const { ikeja, lekki, ikejaDispatcher, ikejaRider, delivery } = setting;
    const boards = dispatchBoards(app.db, { openShiftsOf: (ids) => openShiftsOf(app.db, ids) });
    const { id } = await delivery(ikeja);
    expect((await assign(app, ikejaDispatcher, id, ikejaRider.staffId)).statusCode).toBe(200);
    for (const status of ['CarrierPickup', 'InTransit']) {
      expect((await step(app, ikejaRider, id, { status })).statusCode).toBe(200);
    }
    const { pickupCode } = (
      await app.db.execute<{ pickupCode: string }>(
        sql`select o.pickup_code as "pickupCode" from orders o join deliveries d on d.order_id = o.id where d.id = ${id}`,
      )
    ).rows[0] as { pickupCode: string };
    expect((await step(app, ikejaRider, id, { status: 'Delivered', code: pickupCode })).statusCode).toBe(200);

    const today = JSON.parse((await boards.read(ikeja, false)).toString()) as DispatchBoard;
    expect(cardOf(today, id)?.status).toBe('Delivered');
    await boards.read(lekki, false);
    await boards.read(null, true);
    expect(boards.size().boards).toBe(3);

    // Tomorrow in Lagos, the delivery finished today is off the board; the center keeps one board.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000);
    const tomorrow = JSON.parse((await boards.read(ikeja, false)).toString()) as DispatchBoard;
    expect(cardOf(tomorrow, id)).toBeUndefined();
    expect(boards.size().boards).toBe(3);
  });

  it('reads a changed board once for the tablets that ask at once, and lets the least read go', async () => {
    const { ikeja, lekki, delivery } = setting;
    const boards = dispatchBoards(app.db, { openShiftsOf: (ids) => openShiftsOf(app.db, ids) });
    const kept = (await boards.read(ikeja, false)).toString();
    await delivery(ikeja);
    const alone = await app.database.statementsOf(() =>
      dispatchBoards(app.db, { openShiftsOf: (ids) => openShiftsOf(app.db, ids) }).read(ikeja, false),
    );
    const together = await app.database.statementsOf(() =>
      Promise.all(Array.from({ length: 10 }, () => boards.read(ikeja, false))),
    );
    expect(new Set(together.result.map(String)).size).toBe(1);
    expect(String(together.result[0])).not.toBe(kept);
    expect(String(together.result[0])).toBe(String(alone.result));
    // Ten reads: one version statement and one reading of the board.
    expect(together.statements).toBe(alone.statements);

    // Room for the first center's board (both its answers), not for another beside it.
    const room = 2 * (await boards.read(ikeja, false)).length + 400;
    const small = dispatchBoards(app.db, { openShiftsOf: (ids) => openShiftsOf(app.db, ids), maxBytes: room });
    await small.read(lekki, false);
    await small.read(ikeja, false);
    expect(small.size().boards).toBe(1);
    expect(small.size().bytes).toBeLessThanOrEqual(room);
    // Its own statements only: the app's background work may send some meanwhile.
    expect((await app.database.statementsOf(() => small.read(ikeja, true))).statements).toBe(1);
  });
});

describe('two instances on one PostgreSQL database', () => {
  let instances: FastifyInstance[] = [];
  let drop: (() => Promise<void>) | undefined;
  let reachable = false;

  beforeAll(async () => {
    reachable = Boolean(POSTGRES_SERVER) && (await postgresReachable(POSTGRES_SERVER as string));
    if (!reachable) return;
    const fresh = await createFreshDatabase(POSTGRES_SERVER as string, 'arrive_board_two');
    drop = fresh.drop;
    // One after the other: the first applies the migrations and seeds, the second finds them done.
    for (let i = 0; i < 2; i++) {
      instances.push(await buildTestApp({ databaseUrl: fresh.url, env: { SEED_DEMO: 'true' } }));
    }
  }, 60_000);
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    instances = [];
    await drop?.();
  });

  it("shows on one instance's next read every change made through the other", async (context) => {
    if (!reachable) context.skip();
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const { ikeja, lekki, ikejaDispatcher, ceo, ikejaRider, member, delivery } = await chain(a);
    const onA = () => boardOf(a, ikejaDispatcher).then((r) => r.board);
    const onB = () => boardOf(b, ikejaDispatcher).then((r) => r.board);

    const { order, id } = await delivery(ikeja);
    expect(cardOf(await onA(), id)?.status).toBe('Pending');
    expect(cardOf(await onB(), id)?.status).toBe('Pending');

    expect((await assign(b, ikejaDispatcher, id, ikejaRider.staffId)).statusCode).toBe(200);
    expect(cardOf(await onA(), id)).toMatchObject({ status: 'Accepted', carrierClientId: ikejaRider.clientId });
    expect((await step(a, ikejaRider, id, { status: 'CarrierPickup' })).statusCode).toBe(200);
    expect(cardOf(await onB(), id)?.status).toBe('CarrierPickup');
    const unpaid = await delivery(ikeja, false);
    expect((await step(a, ikejaDispatcher, unpaid.id, { status: 'Cancelled' })).statusCode).toBe(200);
    expect(cardOf(await onB(), unpaid.id)?.status).toBe('Cancelled');

    const next = await delivery(ikeja);
    await onA();
    const moved = await injectAs(b, ceo, {
      method: 'POST',
      url: `/api/admin/orders/${next.order.id}/move`,
      payload: { centerId: lekki, reason: 'Closer to the client' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(cardOf(await onA(), next.id)).toBeUndefined();
    expect(order.id).not.toBe(next.order.id);

    expect(riderOf(await onA(), ikejaRider.clientId)?.onShift).toBe(true);
    const ended = await injectAs(b, ceo, {
      method: 'POST',
      url: `/api/admin/end_shift/${ikejaRider.staffId}`,
      payload: { closingCash: 0 },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(riderOf(await onA(), ikejaRider.clientId)?.onShift).toBe(false);

    const added = await member('08030000506', StaffRole.DeliveryPerson, 'Kunle', ikeja);
    expect(riderOf(await onB(), added.clientId)?.name).toBe('Kunle Rider');
    expect(riderOf(await onA(), added.clientId)?.name).toBe('Kunle Rider');
  });
});
