// The staff lists and writes that follow the gas center of one's shift, as the reports do: the
// orders list (and its path form), today's and the open shifts, the supplies, and opening or
// editing a delivery. A member on a shift at Ikeja (the first center) reads Ikeja's rows only, and
// asking for Lekki or for every center is refused (403 NotYourCenter); the CEO reads both, or one
// when asked. A dispatcher at Ikeja cannot open or edit a delivery of a Lekki order, and nothing
// changes. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, StaffAccess, StaffRole } from '../../src/domain/enums';
import { lagosDateKey } from '../../src/domain/format';
import type { Center } from '../../src/domain/schemas/center';
import type { AdminOrderSummary } from '../../src/domain/schemas/sales';
import type { Shift } from '../../src/domain/schemas/shift';
import type { Supply } from '../../src/domain/schemas/supply';
import { deliveries } from '../../src/server/modules/delivery/tables';
import { orders } from '../../src/server/modules/order/tables';
import { shifts } from '../../src/server/modules/shift/tables';
import { staffCenters } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { paidOrder, putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';

let app: FastifyInstance;
let ceo: StaffActor;
/** Accountant access (the books: orders, shifts, supplies) on a shift at Ikeja, and one at Lekki. */
let ikejaBooks: StaffActor;
let lekkiBooks: StaffActor;
/** Sales associates (dispatchers) on a shift at Ikeja and at Lekki. */
let ikejaDispatcher: StaffActor;
let lekkiDispatcher: StaffActor;
let client: Session;
let ikeja: Center;
let lekki: Center;
const ordersAt = { ikeja: [] as string[], lekki: [] as string[] };
const suppliesAt = { ikeja: '', lekki: '' };

const get = (who: StaffActor, url: string) => injectAs(app, who.session, { method: 'GET', url });
const today = () => lagosDateKey(new Date());

/** A paid order placed now at a center (a home delivery with an address when asked). */
async function orderAt(center: Center, homeDelivery = false): Promise<string> {
  const order = await paidOrder(app, { clientId: client.clientId, total: 250_000, paymentType: 'Electronic' });
  await app.db
    .update(orders)
    .set({
      centerId: center.id,
      ...(homeDelivery
        ? {
            deliveryOption: DeliveryOption.HomeDelivery,
            homeDeliveryType: 'oneWay' as const,
            deliveryAddress: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' },
            deliveryFee: 150_000,
          }
        : {}),
    })
    .where(eq(orders.id, order.id));
  return order.id;
}

/** A member working at Lekki only, on a shift there. */
async function atLekki(phone: string, role: StaffRole, access: StaffAccess[]): Promise<StaffActor> {
  const actor = await staffActor(app, phone, role, access);
  await app.db.insert(staffCenters).values({ staffId: actor.staffId, centerId: lekki.id });
  await app.db.insert(shifts).values({ staffId: actor.staffId, centerId: lekki.id });
  return actor;
}

/** Expects the 403 a member gets for another center than their shift's. */
function expectNotYourCenter(res: { statusCode: number; body: string; json: () => unknown }) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toMatchObject({ type: 'Forbidden', additionalInfo: { reason: 'NotYourCenter' } });
}

beforeAll(async () => {
  app = await buildTestApp();
  const list: Center[] = (await injectAs(app, null, { method: 'GET', url: '/api/centers' })).json().centers;
  const named = (name: string) => {
    const found = list.find((c) => c.name === name);
    if (!found) throw new Error(`no center named ${name}`);
    return found;
  };
  ikeja = named('Arrive Gas Center');
  lekki = named('Arrive Lekki');
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  ikejaBooks = await staffActor(app, '08030000021', StaffRole.AccountantAndHR, [StaffAccess.Accountant]);
  ikejaDispatcher = await staffActor(app, '08030000022', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  // Staff listed at no center work at the first one, Ikeja, and start their shifts there.
  for (const a of [ceo, ikejaBooks, ikejaDispatcher]) await putOnShift(app, a.staffId);
  lekkiBooks = await atLekki('08030000023', StaffRole.AccountantAndHR, [StaffAccess.Accountant]);
  lekkiDispatcher = await atLekki('08030000024', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  client = await signInAs(app, '08010000002');

  ordersAt.ikeja.push(await orderAt(ikeja), await orderAt(ikeja));
  ordersAt.lekki.push(await orderAt(lekki));

  const supplier = await injectAs(app, ceo.session, {
    method: 'POST',
    url: '/api/supplier/new',
    payload: { name: 'Both Centers Gas Depot', phoneNumber: '08031113333' },
  });
  expect(supplier.statusCode, supplier.body).toBe(201);
  for (const [key, center] of [
    ['ikeja', ikeja],
    ['lekki', lekki],
  ] as const) {
    const asked = await injectAs(app, ceo.session, {
      method: 'POST',
      url: '/api/supply/new',
      payload: { supplierId: supplier.json().id, centerId: center.id, quantityKg: 40, amount: 80_000 },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    suppliesAt[key] = asked.json().id;
  }
});
afterAll(async () => {
  await app?.close();
});

describe("the orders list follows the shift's center", () => {
  const byDay = () => `fromDate=${today()}&toDate=${today()}`;
  const idsOf = (body: unknown) => (body as AdminOrderSummary[]).map((o) => o.id);

  it("shows a member at Ikeja Ikeja's orders only, and refuses Lekki or every center", async () => {
    for (const url of [`/api/admin/orders?${byDay()}`, `/api/admin/orders?${byDay()}&center=${ikeja.id}`]) {
      const res = await get(ikejaBooks, url);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json() as AdminOrderSummary[];
      expect(list.every((o) => o.centerId === ikeja.id)).toBe(true);
      expect(idsOf(list)).toEqual(expect.arrayContaining(ordersAt.ikeja));
      expect(idsOf(list)).not.toContain(ordersAt.lekki[0]);
    }
    for (const center of [lekki.id, 'all']) {
      expectNotYourCenter(await get(ikejaBooks, `/api/admin/orders?${byDay()}&center=${center}`));
    }
    // The member at Lekki sees Lekki's.
    const atLekkiList = (await get(lekkiBooks, `/api/admin/orders?${byDay()}`)).json() as AdminOrderSummary[];
    expect(idsOf(atLekkiList)).toContain(ordersAt.lekki[0]);
    expect(atLekkiList.every((o) => o.centerId === lekki.id)).toBe(true);
  });

  it('follows it in the path form of the filter too', async () => {
    const path = `/api/admin/orders/all/${today()}/${today()}`;
    const own = await get(ikejaBooks, path);
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as AdminOrderSummary[]).every((o) => o.centerId === ikeja.id)).toBe(true);
    expect(idsOf(own.json())).toEqual(expect.arrayContaining(ordersAt.ikeja));
    expectNotYourCenter(await get(ikejaBooks, `${path}?center=${lekki.id}`));
    const lekkiOnly = await get(ceo, `${path}?center=${lekki.id}`);
    expect(idsOf(lekkiOnly.json())).toContain(ordersAt.lekki[0]);
    expect((lekkiOnly.json() as AdminOrderSummary[]).every((o) => o.centerId === lekki.id)).toBe(true);
  });

  it('shows the CEO every center by default, and one when asked', async () => {
    for (const url of [`/api/admin/orders?${byDay()}`, `/api/admin/orders?${byDay()}&center=all`]) {
      const ids = idsOf((await get(ceo, url)).json());
      expect(ids).toEqual(expect.arrayContaining([...ordersAt.ikeja, ...ordersAt.lekki]));
    }
    const lekkiOnly = (await get(ceo, `/api/admin/orders?${byDay()}&center=${lekki.id}`)).json() as AdminOrderSummary[];
    expect(lekkiOnly.every((o) => o.centerId === lekki.id)).toBe(true);
    expect(idsOf(lekkiOnly)).toContain(ordersAt.lekki[0]);
    const ikejaOnly = (await get(ceo, `/api/admin/orders?${byDay()}&center=${ikeja.id}`)).json() as AdminOrderSummary[];
    expect(idsOf(ikejaOnly)).toEqual(expect.arrayContaining(ordersAt.ikeja));
    expect(idsOf(ikejaOnly)).not.toContain(ordersAt.lekki[0]);
    // A center that does not exist is a mistake, not an empty list.
    const unknown = await get(ceo, `/api/admin/orders?${byDay()}&center=${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ additionalInfo: { field: 'center' } });
  });
});

describe("today's and the open shifts follow the shift's center", () => {
  const staffOf = (body: unknown) => (body as Shift[]).map((s) => s.staffId);

  for (const route of ['all_today', 'all_active']) {
    it(`${route}: Ikeja's for a member at Ikeja, Lekki refused; both for the CEO, or one`, async () => {
      const own = await get(ikejaBooks, `/api/shift/${route}`);
      expect(own.statusCode, own.body).toBe(200);
      expect((own.json() as Shift[]).every((s) => s.centerId === ikeja.id)).toBe(true);
      expect(staffOf(own.json())).toEqual(expect.arrayContaining([ikejaBooks.staffId, ikejaDispatcher.staffId]));
      expect(staffOf(own.json())).not.toContain(lekkiBooks.staffId);
      expect((await get(ikejaBooks, `/api/shift/${route}?center=${ikeja.id}`)).statusCode).toBe(200);
      for (const center of [lekki.id, 'all']) {
        expectNotYourCenter(await get(ikejaBooks, `/api/shift/${route}?center=${center}`));
      }

      const everyone = await get(ceo, `/api/shift/${route}`);
      expect(staffOf(everyone.json())).toEqual(
        expect.arrayContaining([ikejaBooks.staffId, lekkiBooks.staffId, lekkiDispatcher.staffId]),
      );
      const lekkiOnly = (await get(ceo, `/api/shift/${route}?center=${lekki.id}`)).json() as Shift[];
      expect(lekkiOnly.every((s) => s.centerId === lekki.id)).toBe(true);
      expect(staffOf(lekkiOnly)).toEqual(expect.arrayContaining([lekkiBooks.staffId, lekkiDispatcher.staffId]));
      expect(staffOf(lekkiOnly)).not.toContain(ikejaBooks.staffId);
    });
  }
});

describe("the supplies follow the shift's center", () => {
  const idsOf = (body: unknown) => (body as Supply[]).map((s) => s.id);

  it("shows a member at Ikeja Ikeja's supplies only, refuses Lekki, and shows the CEO both or one", async () => {
    const own = await get(ikejaBooks, '/api/supply/');
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as Supply[]).every((s) => s.centerId === ikeja.id)).toBe(true);
    expect(idsOf(own.json())).toContain(suppliesAt.ikeja);
    expect(idsOf(own.json())).not.toContain(suppliesAt.lekki);
    for (const center of [lekki.id, 'all']) expectNotYourCenter(await get(ikejaBooks, `/api/supply/?center=${center}`));
    expect(idsOf((await get(lekkiBooks, '/api/supply/')).json())).toEqual([suppliesAt.lekki]);

    expect(idsOf((await get(ceo, '/api/supply/')).json())).toEqual(
      expect.arrayContaining([suppliesAt.ikeja, suppliesAt.lekki]),
    );
    expect(idsOf((await get(ceo, `/api/supply/?center=${lekki.id}`)).json())).toEqual([suppliesAt.lekki]);
    expect(idsOf((await get(ceo, `/api/supply/?center=${ikeja.id}`)).json())).toEqual([suppliesAt.ikeja]);
  });
});

describe("a delivery is opened and edited at its order's center", () => {
  const open = (who: StaffActor, orderId: string) =>
    injectAs(app, who.session, { method: 'POST', url: '/api/delivery/new', payload: { orderId } });
  const edit = (who: StaffActor, id: string, payload: Record<string, unknown>) =>
    injectAs(app, who.session, { method: 'PUT', url: `/api/delivery/update/${id}`, payload });
  const deliveriesOf = (orderId: string) => app.db.select().from(deliveries).where(eq(deliveries.orderId, orderId));

  it("refuses a dispatcher at Ikeja a Lekki order's delivery, and opens nothing", async () => {
    const orderId = await orderAt(lekki, true);
    const refused = await open(ikejaDispatcher, orderId);
    expectNotYourCenter(refused);
    expect(refused.json().message).toContain('Arrive Lekki');
    expect(await deliveriesOf(orderId)).toHaveLength(0);
    // Lekki's own dispatcher opens it.
    const opened = await open(lekkiDispatcher, orderId);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await deliveriesOf(orderId)).toHaveLength(1);
  });

  it("lets the CEO open another center's delivery, and a dispatcher their own center's", async () => {
    const atLekkiOrder = await orderAt(lekki, true);
    expect((await open(ceo, atLekkiOrder)).statusCode).toBe(201);
    const atIkejaOrder = await orderAt(ikeja, true);
    expect((await open(ikejaDispatcher, atIkejaOrder)).statusCode).toBe(201);
  });

  it('refuses a dispatcher at Ikeja the note and vehicle of a Lekki delivery, and changes nothing', async () => {
    const orderId = await orderAt(lekki, true);
    const opened = await open(lekkiDispatcher, orderId);
    const id = opened.json().id as string;
    expect((await edit(lekkiDispatcher, id, { note: 'Gate code 4512' })).statusCode).toBe(200);
    expectNotYourCenter(await edit(ikejaDispatcher, id, { note: 'Call first', vehicle: 'Car' }));
    const [row] = await deliveriesOf(orderId);
    expect(row).toMatchObject({ note: 'Gate code 4512' });
    expect(row?.vehicle).not.toBe('Car');
    // The CEO edits any center's.
    const byCeo = await edit(ceo, id, { note: 'Call first' });
    expect(byCeo.statusCode, byCeo.body).toBe(200);
    expect(byCeo.json()).toMatchObject({ note: 'Call first' });
  });
});
