// Gas centers: the public list; the CEO adds a center and changes any, a Manager only one they work
// at, each change in the audit trail; staff placed at centers; a shift worked at one center; an
// order collected at, or delivered from, its center (a counter sale at the center of the seller's
// shift); and the counter refusing another center's order, naming where it is collected. The demo
// seed gives the test app two centers: the first (every installation's own) and Arrive Lekki.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { AuditAction } from '../../src/domain/schemas/audit';
import type { Center } from '../../src/domain/schemas/center';
import { deliveryFeeKobo } from '../../src/domain/schemas/delivery';
import { auditEvents } from '../../src/server/modules/audit/tables';
import { centers } from '../../src/server/modules/centers/tables';
import { createOrder } from '../../src/server/modules/order/service';
import { orders } from '../../src/server/modules/order/tables';
import { pickupAttempts } from '../../src/server/modules/pickup/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { createPaidOrder } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { closeShifts, putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let ceo: StaffActor;
let client: Session;
let first: Center;
let lekki: Center;
let cat: Awaited<ReturnType<typeof catalogue>>;

let phoneSeq = 0;
const nextPhone = () => `0807${String(5_550_000 + phoneSeq++).padStart(7, '0')}`;

const call = (who: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  injectAs(app, who, { method, url, ...(payload ? { payload } : {}) });

const listCenters = async (): Promise<Center[]> => (await call(null, 'GET', '/api/centers')).json().centers;

/** A staff member made through the staff form (as the CEO, who is on a shift), at these centers. */
async function hire(role: StaffRole, access: StaffAccess[], centerIds?: string[], by: StaffActor = ceo) {
  const phoneNumber = nextPhone();
  const res = await call(by.session, 'POST', '/api/staff/create', {
    phoneNumber,
    role,
    access,
    ...(centerIds ? { centerIds } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  const member = res.json().staff as { id: string; centerIds: string[] };
  return { session: await signInAs(app, phoneNumber), staffId: member.id, centerIds: member.centerIds, phoneNumber };
}

const auditOf = (action: AuditAction) => app.db.select().from(auditEvents).where(eq(auditEvents.action, action));

beforeAll(async () => {
  app = await buildTestApp({ countQueries: true });
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  await putOnShift(app, ceo.staffId);
  client = await signInAs(app, '08010000002');
  cat = await catalogue(app);
  const list = await listCenters();
  const byName = (name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no center named ${name}`);
    return found;
  };
  first = byName('Arrive Gas Center');
  lekki = byName('Arrive Lekki');
});
afterAll(async () => {
  await app?.close();
});

describe('the list of gas centers', () => {
  it('is public, by name, each with where it is, its phone and its opening hours', async () => {
    const res = await call(null, 'GET', '/api/centers');
    expect(res.statusCode).toBe(200);
    const list = res.json().centers as Center[];
    expect(list.map((c) => c.name)).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Arrive Gas Center',
      address: 'Allen Avenue, Ikeja, Lagos',
      location: { lat: 6.6018, lng: 3.3515 },
      phone: null,
      openingHours: null,
    });
    expect(lekki).toMatchObject({
      address: 'Admiralty Way, Lekki Phase 1, Lagos',
      location: { lat: 6.4478, lng: 3.4723 },
    });
  });
});

describe('adding and changing a center', () => {
  it('is for the CEO: the center is listed, and recorded in the audit trail', async () => {
    const body = {
      name: '  Arrive   Epe ',
      address: 'Lagos Road, Epe, Lagos',
      location: { lat: 6.5841, lng: 3.9834 },
      phone: '0801 234 5678',
      openingHours: 'Mon–Sun 8:00–18:00',
    };
    const res = await call(ceo.session, 'POST', '/api/centers', body);
    expect(res.statusCode, res.body).toBe(201);
    const epe = res.json() as Center;
    expect(epe).toMatchObject({ name: 'Arrive Epe', phone: '0801 234 5678', openingHours: 'Mon–Sun 8:00–18:00' });
    expect((await listCenters()).map((c) => c.name)).toEqual(['Arrive Epe', 'Arrive Gas Center', 'Arrive Lekki']);
    const [recorded] = await auditOf('center.created');
    expect(recorded).toMatchObject({ staffId: ceo.staffId, subject: 'Arrive Epe' });
    expect(recorded?.changes).toMatchObject({ centerId: epe.id, location: body.location });

    // The same name in other letters is the same center.
    const again = await call(ceo.session, 'POST', '/api/centers', { ...body, name: 'ARRIVE EPE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().additionalInfo).toMatchObject({ reason: 'NameTaken' });
    expect(await auditOf('center.created')).toHaveLength(1);
  });

  it('refuses a Manager, other staff and visitors before reading the body, adding nothing', async () => {
    const manager = await hire(StaffRole.Manager, [StaffAccess.Manager]);
    const associate = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff]);
    const body = { name: 'Arrive Ajah', address: 'Ajah, Lagos', location: { lat: 6.47, lng: 3.57 } };
    const before = (await listCenters()).length;
    const byManager = await call(manager.session, 'POST', '/api/centers', body);
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().additionalInfo).toMatchObject({ reason: 'CeoOnly' });
    const byAssociate = await call(associate.session, 'POST', '/api/centers', { not: 'a center' });
    expect(byAssociate.statusCode).toBe(403);
    expect(byAssociate.json().additionalInfo).toMatchObject({ reason: 'MissingAccess' });
    expect((await call(null, 'POST', '/api/centers', body)).statusCode).toBe(401);
    expect((await listCenters()).length).toBe(before);
  });

  it('lets the CEO change any center and a Manager only one they work at, recording before and after', async () => {
    const hours = await call(ceo.session, 'PUT', `/api/centers/${lekki.id}`, { openingHours: 'Mon–Sat 7:00–20:00' });
    expect(hours.statusCode, hours.body).toBe(200);
    expect(hours.json()).toMatchObject({ id: lekki.id, name: 'Arrive Lekki', openingHours: 'Mon–Sat 7:00–20:00' });
    const [changed] = await auditOf('center.changed');
    expect(changed?.changes).toMatchObject({
      centerId: lekki.id,
      before: { openingHours: 'Mon–Sat 7:00–19:00' },
      after: { openingHours: 'Mon–Sat 7:00–20:00' },
    });

    const manager = await hire(StaffRole.Manager, [StaffAccess.Manager], [first.id]);
    const own = await call(manager.session, 'PUT', `/api/centers/${first.id}`, { phone: '0809 000 0001' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ phone: '0809 000 0001', address: first.address });
    const notTheirs = await call(manager.session, 'PUT', `/api/centers/${lekki.id}`, { phone: '0809 000 0002' });
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().additionalInfo).toMatchObject({ reason: 'NotYourCenter' });
    expect((await listCenters()).find((c) => c.id === lekki.id)?.phone).toBeNull();

    const unknown = await call(ceo.session, 'PUT', `/api/centers/${crypto.randomUUID()}`, { phone: '0809 000 0003' });
    expect(unknown.statusCode).toBe(404);
    const taken = await call(ceo.session, 'PUT', `/api/centers/${lekki.id}`, { name: 'arrive gas center' });
    expect(taken.statusCode).toBe(409);
    expect(await auditOf('center.changed')).toHaveLength(2);
    // Back as the other tests expect it.
    await app.db.update(centers).set({ phone: null }).where(eq(centers.id, first.id));
  });
});

describe('staff at centers', () => {
  it('places a new member where the person adding them works when the form names no center', async () => {
    const member = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff]);
    expect(member.centerIds).toEqual([first.id]);
    const listed = (await call(ceo.session, 'GET', '/api/staff/active')).json() as {
      id: string;
      centerIds: string[];
    }[];
    expect(listed.find((m) => m.id === member.staffId)?.centerIds).toEqual([first.id]);
  });

  it('keeps the centers given, changes them only when asked, and records them', async () => {
    const member = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [first.id, lekki.id]);
    expect(new Set(member.centerIds)).toEqual(new Set([first.id, lekki.id]));
    const edit = (centerIds?: string[]) =>
      call(ceo.session, 'POST', '/api/staff/create', {
        phoneNumber: member.phoneNumber,
        role: StaffRole.Cashier,
        access: [StaffAccess.Staff],
        ...(centerIds ? { centerIds } : {}),
      });
    const kept = await edit();
    expect(kept.statusCode).toBe(200);
    expect(new Set(kept.json().staff.centerIds)).toEqual(new Set([first.id, lekki.id]));
    const moved = await edit([lekki.id]);
    expect(moved.json().staff.centerIds).toEqual([lekki.id]);
    const changes = (await auditOf('staff.changed')).map((e) => e.changes as Record<string, unknown>);
    expect(changes).toContainEqual(
      expect.objectContaining({
        staffId: member.staffId,
        before: expect.objectContaining({ centerIds: expect.arrayContaining([first.id, lekki.id]) }),
        after: expect.objectContaining({ centerIds: [lekki.id] }),
      }),
    );
  });

  it('refuses a center that does not exist, and one the person adding them does not work at', async () => {
    const unknown = await call(ceo.session, 'POST', '/api/staff/create', {
      phoneNumber: nextPhone(),
      role: StaffRole.Cashier,
      access: [StaffAccess.Staff],
      centerIds: [crypto.randomUUID()],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().additionalInfo).toMatchObject({ field: 'centerIds' });
    const admin = await hire(StaffRole.Admin, [StaffAccess.Admin], [first.id]);
    await putOnShift(app, admin.staffId);
    const elsewhere = await call(admin.session, 'POST', '/api/staff/create', {
      phoneNumber: nextPhone(),
      role: StaffRole.Cashier,
      access: [StaffAccess.Staff],
      centerIds: [lekki.id],
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().additionalInfo).toMatchObject({ reason: 'NotYourCenter' });
    const theirs = await hire(StaffRole.Cashier, [StaffAccess.Staff], [first.id], admin);
    expect(theirs.centerIds).toEqual([first.id]);
  });
});

describe('a shift at one center', () => {
  const start = (who: { session: Session }, body: Record<string, unknown> = {}) =>
    call(who.session, 'POST', '/api/shift/start', { openingFloat: 0, ...body });

  it("opens at the member's only center when none is named, and says which", async () => {
    const member = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [lekki.id]);
    const res = await start(member);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().shift).toMatchObject({ staffId: member.staffId, centerId: lekki.id });
    const active = await call(member.session, 'GET', '/api/shift/active');
    expect(active.json().shift).toMatchObject({ centerId: lekki.id });
  });

  it('asks a member of several centers which one, and refuses a center they do not work at', async () => {
    const member = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [first.id, lekki.id]);
    const unnamed = await start(member);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toMatch(/more than one gas center/);
    expect(unnamed.json().additionalInfo).toMatchObject({ reason: 'CenterRequired', field: 'centerId' });
    const elsewhere = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [first.id]);
    const refused = await start(elsewhere, { centerId: lekki.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().additionalInfo).toMatchObject({ reason: 'NotYourCenter' });
    const none = await app.db.select().from(shifts).where(eq(shifts.staffId, elsewhere.staffId));
    expect(none).toEqual([]);
    const named = await start(member, { centerId: lekki.id });
    expect(named.statusCode).toBe(201);
    expect(named.json().shift.centerId).toBe(lekki.id);
  });

  it('lets CEO access work a shift at any center', async () => {
    const boss = await hire(StaffRole.CEO, [StaffAccess.CEO], [first.id]);
    const res = await start(boss, { centerId: lekki.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().shift.centerId).toBe(lekki.id);
  });
});

describe('orders of a center', () => {
  const gasOrder = (more: Record<string, unknown>) => ({
    type: OrderType.Gas,
    items: [{ productId: cat.gas.id, quantity: 5, sizeKg: 5 }],
    ...more,
  });
  const place = (body: Record<string, unknown>) => call(client, 'POST', '/api/order/new', body);
  const lekkiAddress = { line1: '3 Admiralty Way', city: 'Lekki Phase 1', state: 'Lagos' };
  const yabaAddress = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' };

  it('is collected at the first center unless the client chose one; reads carry the center', async () => {
    const plain = await place(gasOrder({ deliveryOption: DeliveryOption.PickerUP }));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ centerId: first.id, centerName: 'Arrive Gas Center' });
    const chosen = await place(gasOrder({ deliveryOption: DeliveryOption.PickerUP, centerId: lekki.id }));
    expect(chosen.statusCode).toBe(201);
    const placed = chosen.json();
    expect(placed).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
    const read = await call(client, 'GET', `/api/order/${placed.orderNumber}`);
    expect(read.json()).toEqual(placed);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.centerId).toBe(lekki.id);
    // Staff reads: the order with its client, and the day's orders.
    const staffRead = await call(ceo.session, 'GET', `/api/order/with_client/${placed.id}`);
    expect(staffRead.json()).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
    const day = (await call(ceo.session, 'GET', '/api/admin/orders')).json() as { id: string; centerName: string }[];
    expect(day.find((o) => o.id === placed.id)?.centerName).toBe('Arrive Lekki');
    const quote = await call(client, 'POST', '/api/order/quote', {
      ...gasOrder({ deliveryOption: DeliveryOption.PickerUP }),
      centerId: lekki.id,
    });
    expect(quote.json()).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
  });

  it('is delivered from the center nearest the address, priced from there', async () => {
    const near = await place(gasOrder({ deliveryOption: DeliveryOption.HomeDelivery, address: lekkiAddress }));
    expect(near.statusCode, near.body).toBe(201);
    const order = near.json();
    expect(order).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
    expect(order.deliveryFee).toBe(deliveryFeeKobo(order.deliveryDistanceKm, 'oneWay'));
    // From Ikeja the same address is further, and dearer.
    const fromIkeja = await call(client, 'POST', '/api/order/quote', {
      ...gasOrder({ deliveryOption: DeliveryOption.HomeDelivery, address: lekkiAddress }),
      centerId: first.id,
    });
    expect(fromIkeja.json().centerId).toBe(first.id);
    expect(fromIkeja.json().deliveryDistanceKm).toBeGreaterThan(order.deliveryDistanceKm);
    expect(fromIkeja.json().deliveryFee).toBeGreaterThan(order.deliveryFee);
    const yaba = await place(gasOrder({ deliveryOption: DeliveryOption.HomeDelivery, address: yabaAddress }));
    expect(yaba.json()).toMatchObject({ centerId: first.id });
    const quoted = await call(client, 'POST', '/api/delivery/quote', { address: lekkiAddress });
    expect(quoted.json().center).toMatchObject({ id: lekki.id, name: 'Arrive Lekki', lat: 6.4478, lng: 3.4723 });
  });

  it('refuses a center that does not exist, placing nothing', async () => {
    const before = (await app.db.select({ id: orders.id }).from(orders)).length;
    const res = await place(gasOrder({ deliveryOption: DeliveryOption.PickerUP, centerId: crypto.randomUUID() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().additionalInfo).toMatchObject({ field: 'centerId' });
    expect((await app.db.select({ id: orders.id }).from(orders)).length).toBe(before);
  });

  it('stays one statement for a pickup order, its center one more value of it', async () => {
    const input = gasOrder({ deliveryOption: DeliveryOption.PickerUP, centerId: lekki.id });
    await createOrder(app.db, client.clientId, input, { legs: app.orderLegs });
    const { result, statements } = await app.database.statementsOf(() =>
      createOrder(app.db, client.clientId, input, { legs: app.orderLegs }),
    );
    expect(statements).toBe(1);
    expect(result).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
  });

  it("is the center of the seller's shift for a walk-in sale at the counter", async () => {
    const seller = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [lekki.id]);
    expect((await call(seller.session, 'POST', '/api/shift/start', { openingFloat: 0 })).statusCode).toBe(201);
    const sale = await call(seller.session, 'POST', '/api/client/new_order', {
      phone: nextPhone(),
      // A center named in the basket does not move the sale away from the counter.
      order: { ...gasOrder({ deliveryOption: DeliveryOption.PickerUP }), centerId: first.id },
      payment: { type: 'Cash' },
      handOver: true,
    });
    expect(sale.statusCode, sale.body).toBe(201);
    expect(sale.json().order).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
    await closeShifts(app, seller.staffId);
  });
});

describe('the counter knows its center', () => {
  it("refuses another center's order at the look-up and the hand-over, naming where it is collected", async () => {
    const ownerPhone = nextPhone();
    const owner = await signInAs(app, ownerPhone);
    const order = await createPaidOrder(app, owner.clientId);
    await app.db.update(orders).set({ centerId: lekki.id }).where(eq(orders.id, order.id));
    const ikejaDesk = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [first.id]);
    await putOnShift(app, ikejaDesk.staffId);

    const looked = await call(ikejaDesk.session, 'GET', `/api/pickup/code/${order.pickupCode}`);
    expect(looked.statusCode).toBe(409);
    expect(looked.json().message).toMatch(/collected at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos/);
    expect(looked.json().additionalInfo).toMatchObject({
      reason: 'OtherCenter',
      centerId: lekki.id,
      centerName: 'Arrive Lekki',
      orderNumber: order.orderNumber,
    });
    const attempts = await app.db
      .select()
      .from(pickupAttempts)
      .where(and(eq(pickupAttempts.orderId, order.id), eq(pickupAttempts.staffId, ikejaDesk.staffId)));
    expect(attempts.map((a) => [a.method, a.status, a.reason])).toEqual([['code', 'blocked', 'OtherCenter']]);

    for (const url of ['/api/pickup/verify', '/api/pickup/handover-code']) {
      const res = await call(ikejaDesk.session, 'POST', url, { orderId: order.id });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(409);
      expect(res.json().message).toMatch(/Arrive Lekki/);
    }
    expect(app.sms.outbox.list(ownerPhone)).toEqual([]);
    const [unchanged] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged).toMatchObject({ status: 'Paid', isDelivered: false });

    // At Lekki's counter the same order is found and asked for.
    const lekkiDesk = await hire(StaffRole.SalesAssociate, [StaffAccess.Staff], [lekki.id]);
    expect((await call(lekkiDesk.session, 'POST', '/api/shift/start', { openingFloat: 0 })).statusCode).toBe(201);
    const found = await call(lekkiDesk.session, 'GET', `/api/pickup/code/${order.pickupCode}`);
    expect(found.statusCode, found.body).toBe(200);
    const asked = await call(lekkiDesk.session, 'POST', '/api/pickup/verify', { orderId: order.id });
    expect(asked.statusCode, asked.body).toBe(200);
  });
});
