// Shifts: a float at the start, the counted cash at the end, the variance against float + cash
// sales; a second start refused; replays by Idempotency-Key answering the first response.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import type { Shift } from '../../src/domain/schemas/shift';
import { recordCashMovement } from '../../src/server/modules/shift/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { closeShifts, paidOrder, putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';

let app: FastifyInstance;
let associate: StaffActor;
let colleague: StaffActor;
let manager: StaffActor;
let client: Session;

beforeAll(async () => {
  app = await buildTestApp();
  associate = await staffActor(app, '08010000003', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  colleague = await staffActor(app, '08050000001', StaffRole.Cashier, [StaffAccess.Staff]);
  manager = await staffActor(app, '08050000002', StaffRole.Manager, [StaffAccess.Manager]);
  client = await signInAs(app, '08010000002');
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  for (const a of [associate, colleague]) await closeShifts(app, a.staffId);
});

const start = (who: StaffActor, openingFloat: number, key?: string, at?: string) =>
  injectAs(app, who.session, {
    method: 'POST',
    url: '/api/shift/start',
    payload: { openingFloat, ...(at ? { at } : {}) },
    headers: key ? { 'idempotency-key': key } : {},
  });
const end = (who: StaffActor, closingCash: number, key?: string, at?: string) =>
  injectAs(app, who.session, {
    method: 'POST',
    url: '/api/shift/end',
    payload: { closingCash, ...(at ? { at } : {}) },
    headers: key ? { 'idempotency-key': key } : {},
  });
const openRows = (staffId: string) =>
  app.db
    .select()
    .from(shifts)
    .where(and(eq(shifts.staffId, staffId), isNull(shifts.endedAt)));

describe('a shift', () => {
  it('opens with a float and closes with the count; the variance is count − (float + cash sales)', async () => {
    const started = await start(associate, 2_000_000);
    expect(started.statusCode).toBe(201);
    const opened = started.json().shift as Shift;
    expect(opened).toMatchObject({
      openingFloat: 2_000_000,
      workingNow: true,
      expectedCash: 2_000_000,
      variance: null,
    });

    // Two cash sales taken by the associate (into the drawer), one card sale, and a colleague's cash sale.
    const cashSale = async (total: number, takenBy: StaffActor, shiftId: string | null) => {
      const order = await paidOrder(app, {
        clientId: client.clientId,
        total,
        paymentType: 'Cash',
        takenByClientId: takenBy.session.clientId,
      });
      if (shiftId) await recordCashMovement(app.db, { shiftId, kind: 'sale', amount: total, orderId: order.id });
    };
    await cashSale(1_250_000, associate, opened.id);
    await cashSale(480_000, associate, opened.id);
    await paidOrder(app, {
      clientId: client.clientId,
      total: 900_000,
      paymentType: 'Electronic',
      takenByClientId: associate.session.clientId,
    });
    await cashSale(777_700, colleague, null);

    const active = (await injectAs(app, associate.session, { method: 'GET', url: '/api/shift/active' })).json()
      .shift as Shift;
    expect(active.sales).toEqual({ Cash: 1_730_000, Electronic: 900_000, Wallet: 0, orders: 3 });
    expect(active).toMatchObject({ cashSales: 1_730_000, cashRefunds: 0, expectedCash: 3_730_000 });

    // ₦500 short.
    const ended = await end(associate, 3_680_000);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().shift).toMatchObject({
      workingNow: false,
      closingCash: 3_680_000,
      expectedCash: 3_730_000,
      variance: -50_000,
    });

    // A sale recorded after the end does not move a closed drawer.
    await paidOrder(app, {
      clientId: client.clientId,
      total: 100_000,
      paymentType: 'Cash',
      takenByClientId: associate.session.clientId,
    });
    const again = await injectAs(app, associate.session, { method: 'GET', url: `/api/shift/${opened.id}` });
    expect(again.json().shift).toMatchObject({ expectedCash: 3_730_000, variance: -50_000 });
  });

  it('cannot be started twice: a clear 409 and still one open shift', async () => {
    expect((await start(associate, 0)).statusCode).toBe(201);
    const second = await start(associate, 5_000);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ type: 'Conflict', additionalInfo: { reason: 'ShiftAlreadyStarted' } });
    expect(await openRows(associate.staffId)).toHaveLength(1);
  });

  it('racing starts with different keys open exactly one shift', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => start(associate, i * 100, `race-${i}`)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect(await openRows(associate.staffId)).toHaveLength(1);
  });

  it('cannot be ended when none is open: a clear 409 and nothing changes', async () => {
    const before = await app.db.select().from(shifts).where(eq(shifts.staffId, associate.staffId));
    const res = await end(associate, 1000);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ type: 'Conflict', additionalInfo: { reason: 'NoOpenShift' } });
    expect(await app.db.select().from(shifts).where(eq(shifts.staffId, associate.staffId))).toEqual(before);
  });

  it('replayed with the same Idempotency-Key answers the first response and records once', async () => {
    const first = await start(associate, 10_000, 'start-key-1');
    const replay = await start(associate, 10_000, 'start-key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const endFirst = await end(associate, 10_000, 'end-key-1');
    const endReplay = await end(associate, 10_000, 'end-key-1');
    expect(endReplay.statusCode).toBe(200);
    expect(endReplay.json()).toEqual(endFirst.json());
    const all = await app.db.select().from(shifts).where(eq(shifts.staffId, associate.staffId));
    expect(all.filter((s) => s.id === first.json().shift.id)).toHaveLength(1);
    // The same key with another body is refused, not silently replayed.
    const reused = await start(associate, 99_999, 'start-key-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().type).toBe('IdempotencyKeyReused');
  });

  it('keeps the time the staff member acted when an offline tablet syncs late', async () => {
    // A newcomer: a start is never dated before the end of one's previous shift.
    const newcomer = await staffActor(app, '08050000003', StaffRole.Cashier, [StaffAccess.Staff]);
    const startedAt = new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();
    const endedAt = new Date(Date.now() - 60 * 60 * 1000).toISOString();
    const s = await start(newcomer, 0, undefined, startedAt);
    expect(s.json().shift.startedAt).toBe(startedAt);
    const e = await end(newcomer, 0, undefined, endedAt);
    expect(e.json().shift.endedAt).toBe(endedAt);
    // A time in the future is clamped to now, never trusted.
    const future = await start(newcomer, 0, undefined, new Date(Date.now() + 86_400_000).toISOString());
    expect(new Date(future.json().shift.startedAt).getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('rejects a float that is not whole kobo, changing nothing', async () => {
    const res = await start(associate, 12.5);
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('InvalidInput');
    expect(await openRows(associate.staffId)).toHaveLength(0);
  });

  it('a manager starts and ends a colleague’s shift and sees every open shift', async () => {
    await putOnShift(app, manager.staffId);
    const s = await injectAs(app, manager.session, {
      method: 'POST',
      url: `/api/admin/start_shift/${colleague.staffId}`,
      payload: { openingFloat: 50_000 },
    });
    expect(s.statusCode).toBe(201);
    const open = await injectAs(app, manager.session, { method: 'GET', url: '/api/shift/all_active' });
    expect((open.json() as Shift[]).map((x) => x.staffId)).toContain(colleague.staffId);
    const e = await injectAs(app, manager.session, {
      method: 'POST',
      url: `/api/admin/end_shift/${colleague.staffId}`,
      payload: { closingCash: 60_000 },
    });
    expect(e.json().shift).toMatchObject({ variance: 10_000, workingNow: false });
    const today = await injectAs(app, manager.session, { method: 'GET', url: '/api/shift/all_today' });
    expect((today.json() as Shift[]).some((x) => x.id === s.json().shift.id)).toBe(true);
  });

  it('refuses a queued action replayed under someone else’s session', async () => {
    const res = await injectAs(app, associate.session, {
      method: 'POST',
      url: '/api/shift/start',
      payload: { openingFloat: 0 },
      headers: { 'x-arrive-acting-client': colleague.session.clientId },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().additionalInfo).toEqual({ reason: 'ActingClientMismatch' });
    expect(await openRows(associate.staffId)).toHaveLength(0);
    const own = await injectAs(app, associate.session, {
      method: 'POST',
      url: '/api/shift/start',
      payload: { openingFloat: 0 },
      headers: { 'x-arrive-acting-client': associate.session.clientId },
    });
    expect(own.statusCode).toBe(201);
  });
});
