// Clients served by the right gas center, and orders moved between centers: the list nearest a
// point first; a home delivery from the center nearest its address; the center named in the
// history's lines, the paid SMS and the delivery's phone; and a Manager or the CEO moving an order
// not yet handed over or dispatched to another center, with the reason in the audit trail, the
// client told and the pickup code good at the new counter only. The demo seed gives the test app
// two centers: Arrive Gas Center (Ikeja) and Arrive Lekki.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, DeliveryStatus, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { ListedCenter } from '../../src/domain/schemas/center';
import { NotificationKind } from '../../src/domain/schemas/notification';
import { auditEvents } from '../../src/server/modules/audit/tables';
import { forgetCenters } from '../../src/server/modules/centers';
import { centers } from '../../src/server/modules/centers/tables';
import { countOutbox } from '../../src/server/modules/notification/service';
import { runOutboxOnce } from '../../src/server/modules/notification/worker';
import { recordOrderEvent } from '../../src/server/modules/order/events';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { orders } from '../../src/server/modules/order/tables';
import { createPaidOrder } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { closeShifts, putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';
import { insertUnpaidOrder } from './payment-support';

const FALLBACK_PHONE = '08001234567';

let app: FastifyInstance;
let ceo: StaffActor;
let manager: StaffActor;
let first: ListedCenter;
let lekki: ListedCenter;
let cat: Awaited<ReturnType<typeof catalogue>>;

let phoneSeq = 0;
const nextPhone = () => `0807${String(6_660_000 + phoneSeq++).padStart(7, '0')}`;

const call = (who: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  injectAs(app, who, { method, url, ...(payload ? { payload } : {}) });

const smsTo = (phone: string) => app.sms.outbox.list(phone).map((m) => m.body);
async function drain() {
  while ((await runOutboxOnce(app)) > 0) {}
}

/** A client of their own (a fresh phone), signed in. */
async function newClient() {
  const phone = nextPhone();
  return { ...(await signInAs(app, phone)), phone };
}

const move = (who: StaffActor, orderId: string, body: Record<string, unknown>) =>
  call(who.session, 'POST', `/api/admin/orders/${orderId}/move`, body);

const centerOf = async (orderId: string) =>
  (await app.db.select({ centerId: orders.centerId }).from(orders).where(eq(orders.id, orderId)))[0]?.centerId;

beforeAll(async () => {
  app = await buildTestApp({ env: { GAS_CENTER_PHONE: FALLBACK_PHONE } });
  ceo = await staffActor(app, '08010000101', StaffRole.CEO, [StaffAccess.CEO]);
  await putOnShift(app, ceo.staffId);
  manager = await staffActor(app, '08010000102', StaffRole.Manager, [StaffAccess.Manager]);
  cat = await catalogue(app);
  const list = (await call(null, 'GET', '/api/centers')).json().centers as ListedCenter[];
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

describe('the centers nearest a point', () => {
  it('lists them nearest first with their distance, by name without a point, and refuses a point it cannot read', async () => {
    const fromLekki = await call(null, 'GET', '/api/centers?near=6.44,3.48');
    expect(fromLekki.statusCode, fromLekki.body).toBe(200);
    const near = fromLekki.json().centers as ListedCenter[];
    expect(near.map((c) => c.name)).toEqual(['Arrive Lekki', 'Arrive Gas Center']);
    expect(near[0]?.distanceKm).toBeLessThan(2);
    expect(near[1]?.distanceKm).toBeGreaterThan(15);
    expect(near[0]).toMatchObject({ address: lekki.address, openingHours: lekki.openingHours });

    const fromIkeja = (await call(null, 'GET', '/api/centers?near=6.60,3.35')).json().centers as ListedCenter[];
    expect(fromIkeja.map((c) => c.name)).toEqual(['Arrive Gas Center', 'Arrive Lekki']);

    const byName = (await call(null, 'GET', '/api/centers')).json().centers as ListedCenter[];
    expect(byName.map((c) => c.name)).toEqual(['Arrive Gas Center', 'Arrive Lekki']);
    expect(byName.every((c) => c.distanceKm === undefined)).toBe(true);

    for (const bad of ['somewhere', '6.4', '91,3.4', '6.4,181']) {
      expect((await call(null, 'GET', `/api/centers?near=${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('an order carries its center', () => {
  const gasOrder = (more: Record<string, unknown>) => ({
    type: OrderType.Gas,
    items: [{ productId: cat.gas.id, quantity: 5, sizeKg: 5 }],
    ...more,
  });

  it('delivers from the center nearest the address, and the history lines name it', async () => {
    const client = await newClient();
    const placed = await call(client, 'POST', '/api/order/new', {
      ...gasOrder({ deliveryOption: DeliveryOption.HomeDelivery }),
      address: { line1: '3 Admiralty Way', city: 'Lekki Phase 1', state: 'Lagos' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
    const pickup = await call(client, 'POST', '/api/order/new', gasOrder({ deliveryOption: DeliveryOption.PickerUP }));
    expect(pickup.statusCode, pickup.body).toBe(201);

    // Both ways of reading the history: the cursor pages (PostgreSQL's JSON) and numbered pages.
    for (const url of ['/api/order/client', '/api/order/client?page=1']) {
      const lines = (await call(client, 'GET', url)).json().orders as { id: string; centerName: string }[];
      expect(
        lines.map((l) => [l.id, l.centerName]),
        url,
      ).toEqual([
        [pickup.json().id, 'Arrive Gas Center'],
        [placed.json().id, 'Arrive Lekki'],
      ]);
    }
  });

  it('names the center and its address in the paid SMS of a pickup order', async () => {
    const client = await newClient();
    const order = await insertUnpaidOrder(app, client.clientId, 150_000);
    await app.db.update(orders).set({ centerId: lekki.id }).where(eq(orders.id, order.id));
    expect(await app.db.transaction((tx) => markOrderPaid(tx, order.id, 'Wallet'))).toBe(true);
    await drain();
    const [text] = smsTo(client.phone).filter((b) => b.includes(order.orderNumber));
    expect(text).toContain('ready for pickup at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos.');
    expect(text).toContain(`Pickup code: ${order.pickupCode}`);
  });

  it("gives the client the phone of the order's center to call about a delivery, else the company's", async () => {
    const client = await newClient();
    const placed = await call(client, 'POST', '/api/order/new', {
      ...gasOrder({ deliveryOption: DeliveryOption.HomeDelivery }),
      address: { line1: '3 Admiralty Way', city: 'Lekki Phase 1', state: 'Lagos' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().id as string;
    await app.db.update(centers).set({ phone: '0809 111 2222' }).where(eq(centers.id, lekki.id));
    forgetCenters();
    try {
      const progress = await call(client, 'GET', `/api/delivery/progress/${orderId}`);
      expect(progress.statusCode, progress.body).toBe(200);
      expect(progress.json().centerPhone).toBe('0809 111 2222');
      const delivery = await call(client, 'GET', `/api/delivery/order/${orderId}`);
      expect(delivery.json().centerPhone).toBe('0809 111 2222');
    } finally {
      await app.db.update(centers).set({ phone: null }).where(eq(centers.id, lekki.id));
      forgetCenters();
    }
    // A center without a phone of its own: the company's number.
    const progress = await call(client, 'GET', `/api/delivery/progress/${orderId}`);
    expect(progress.json().centerPhone).toBe(FALLBACK_PHONE);
  });
});

describe('moving an order to another center', () => {
  it('moves a paid pickup order: recorded, the client told, the code good at the new counter only', async () => {
    const client = await newClient();
    const order = await createPaidOrder(app, client.clientId);
    expect(await centerOf(order.id)).toBe(first.id);
    // The history read before the move is kept in memory; the move shows in it at once.
    const before = (await call(client, 'GET', '/api/order/client')).json().orders as { centerName: string }[];
    expect(before[0]?.centerName).toBe('Arrive Gas Center');

    const res = await move(ceo, order.id, { centerId: lekki.id, reason: '  Ikeja is out of 12.5 kg cylinders ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orderId: order.id,
      orderNumber: order.orderNumber,
      from: { centerId: first.id, name: 'Arrive Gas Center' },
      to: { centerId: lekki.id, name: 'Arrive Lekki' },
      reason: 'Ikeja is out of 12.5 kg cylinders',
      sms: { sent: true },
    });
    expect(await centerOf(order.id)).toBe(lekki.id);

    const recorded = await app.db.select().from(auditEvents).where(eq(auditEvents.subject, order.orderNumber));
    expect(recorded.map((r) => [r.action, r.staffId])).toEqual([['order.moved', ceo.staffId]]);
    expect(recorded[0]?.changes).toMatchObject({
      orderId: order.id,
      orderStatus: 'Paid',
      from: { centerId: first.id, name: 'Arrive Gas Center' },
      to: { centerId: lekki.id, name: 'Arrive Lekki' },
      reason: 'Ikeja is out of 12.5 kg cylinders',
    });

    await drain();
    const [text] = smsTo(client.phone).filter((b) => b.includes(order.orderNumber));
    expect(text).toBe(
      `Arrive: order ${order.orderNumber} is now collected at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos. Pickup code ${order.pickupCode} works there only. Sorry for the change.`,
    );

    // The client's own reads follow.
    const read = await call(client, 'GET', `/api/order/${order.orderNumber}`);
    expect(read.json()).toMatchObject({ centerId: lekki.id, centerName: 'Arrive Lekki' });
    const after = (await call(client, 'GET', '/api/order/client')).json().orders as { centerName: string }[];
    expect(after[0]?.centerName).toBe('Arrive Lekki');

    // The old counter no longer hands it over; the new one does.
    const ikejaDesk = await staffActor(app, nextPhone(), StaffRole.SalesAssociate, [StaffAccess.Staff]);
    await putOnShift(app, ikejaDesk.staffId);
    const atIkeja = await call(ikejaDesk.session, 'GET', `/api/pickup/code/${order.pickupCode}`);
    expect(atIkeja.statusCode).toBe(409);
    expect(atIkeja.json().additionalInfo).toMatchObject({ reason: 'OtherCenter', centerId: lekki.id });
    await closeShifts(app, ikejaDesk.staffId);
    const deskPhone = nextPhone();
    const lekkiDesk = await call(ceo.session, 'POST', '/api/staff/create', {
      phoneNumber: deskPhone,
      role: StaffRole.SalesAssociate,
      access: [StaffAccess.Staff],
      centerIds: [lekki.id],
    });
    expect(lekkiDesk.statusCode, lekkiDesk.body).toBe(201);
    const deskSession = await signInAs(app, deskPhone);
    expect((await call(deskSession, 'POST', '/api/shift/start', { openingFloat: 0 })).statusCode).toBe(201);
    const atLekki = await call(deskSession, 'GET', `/api/pickup/code/${order.pickupCode}`);
    expect(atLekki.statusCode, atLekki.body).toBe(200);
  });

  it('lets a Manager move an unpaid order or a home delivery no rider has taken, and says so to the client', async () => {
    const client = await newClient();
    const unpaid = await createPaidOrder(app, client.clientId, { paid: false });
    const res = await move(manager, unpaid.id, { centerId: lekki.id, reason: 'Closer to the client' });
    expect(res.statusCode, res.body).toBe(200);
    await drain();
    const [text] = smsTo(client.phone).filter((b) => b.includes(unpaid.orderNumber));
    // No code yet: it is given once the order is paid.
    expect(text).toBe(
      `Arrive: order ${unpaid.orderNumber} is now collected at Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos. Sorry for the change.`,
    );

    const delivery = await createPaidOrder(app, client.clientId, { deliveryOption: DeliveryOption.HomeDelivery });
    // A rider refused it: it is still at the center.
    await recordOrderEvent(app.db, delivery.id, DeliveryStatus.Rejected, { kind: 'delivery' });
    const moved = await move(manager, delivery.id, { centerId: lekki.id, reason: 'No rider free at Ikeja' });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    expect(smsTo(client.phone).filter((b) => b.includes(delivery.orderNumber))).toEqual([
      `Arrive: order ${delivery.orderNumber} will now be delivered from Arrive Lekki, Admiralty Way, Lekki Phase 1, Lagos. Sorry for the change.`,
    ]);
  });

  it('refuses, with the reason and changing nothing, what can no longer move or a center that is not there', async () => {
    const client = await newClient();
    const handedOver = await createPaidOrder(app, client.clientId);
    await app.db
      .update(orders)
      .set({ status: 'Delivered', isDelivered: true, deliveredAt: new Date() })
      .where(eq(orders.id, handedOver.id));
    const cancelled = await createPaidOrder(app, client.clientId, { paid: false });
    await app.db
      .update(orders)
      .set({ status: 'Cancelled', cancelledAt: new Date() })
      .where(eq(orders.id, cancelled.id));
    const dispatched = await createPaidOrder(app, client.clientId, { deliveryOption: DeliveryOption.HomeDelivery });
    await recordOrderEvent(app.db, dispatched.id, DeliveryStatus.Accepted, { kind: 'delivery' });
    const open = await createPaidOrder(app, client.clientId);

    const cases: [string, string, Record<string, unknown>, number, string | undefined, RegExp][] = [
      ['handed over', handedOver.id, { centerId: lekki.id, reason: 'x'.repeat(5) }, 409, 'HandedOver', /handed over/],
      ['cancelled', cancelled.id, { centerId: lekki.id, reason: 'Wrong center' }, 409, 'Cancelled', /cancelled/],
      ['dispatched', dispatched.id, { centerId: lekki.id, reason: 'Wrong center' }, 409, 'Dispatched', /dispatched/],
      ['same center', open.id, { centerId: first.id, reason: 'Wrong center' }, 409, 'SameCenter', /already at/],
      [
        'unknown center',
        open.id,
        { centerId: crypto.randomUUID(), reason: 'Wrong center' },
        400,
        'UnknownCenter',
        /no such gas center/,
      ],
      ['no reason', open.id, { centerId: lekki.id, reason: ' ' }, 400, undefined, /why the order is moved/],
    ];
    for (const [name, id, body, status, reason, message] of cases) {
      const res = await move(ceo, id, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      if (reason) expect(res.json().additionalInfo?.reason, name).toBe(reason);
      expect(res.json().message, name).toMatch(message);
    }
    expect((await move(ceo, crypto.randomUUID(), { centerId: lekki.id, reason: 'Wrong center' })).statusCode).toBe(404);
    for (const order of [handedOver, cancelled, dispatched, open]) expect(await centerOf(order.id)).toBe(first.id);
    const subjects = [handedOver, cancelled, dispatched, open].map((o) => o.orderNumber);
    const recorded = await app.db.select().from(auditEvents).where(eq(auditEvents.action, 'order.moved'));
    expect(recorded.filter((r) => subjects.includes(r.subject ?? ''))).toEqual([]);
    expect(smsTo(client.phone)).toEqual([]);
  });

  it('is for a Manager or the CEO only', async () => {
    const client = await newClient();
    const order = await createPaidOrder(app, client.clientId);
    for (const [role, access] of [
      [StaffRole.ShiftSupervisor, StaffAccess.Staff],
      [StaffRole.Admin, StaffAccess.Admin],
    ] as const) {
      const member = await staffActor(app, nextPhone(), role, [access]);
      await putOnShift(app, member.staffId);
      const res = await move(member, order.id, { centerId: lekki.id, reason: 'Wrong center' });
      expect(res.statusCode, role).toBe(403);
      await closeShifts(app, member.staffId);
    }
    expect((await call(client, 'POST', `/api/admin/orders/${order.id}/move`, { centerId: lekki.id })).statusCode).toBe(
      403,
    );
    expect(await centerOf(order.id)).toBe(first.id);
  });

  it("respects the client's SMS switch: the move stands, no text is due", async () => {
    const client = await newClient();
    await call(client, 'PUT', '/api/client/notifications', { sms: false });
    const order = await createPaidOrder(app, client.clientId);
    const res = await move(ceo, order.id, { centerId: lekki.id, reason: 'Wrong center' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sms).toBeNull();
    const rows = await app.db.select().from(auditEvents).where(eq(auditEvents.subject, order.orderNumber));
    expect(rows).toHaveLength(1);
    expect(await countOutbox(app.db, client.clientId, NotificationKind.OrderMoved)).toBe(0);
    await drain();
    expect(smsTo(client.phone)).toEqual([]);
  });
});
