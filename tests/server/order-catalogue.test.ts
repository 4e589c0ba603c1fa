import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CYLINDER_SIZES_KG } from '../../src/domain/constants';
import { lagosDateKey } from '../../src/domain/format';
import { normalizePhone } from '../../src/domain/phone';
import { clients } from '../../src/server/modules/client/tables';
import { toCylinderView } from '../../src/server/modules/cylinder/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { expectOwnerOnly } from '../../src/server/test-utils/ownership';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let client: Session;
let other: Session;
let ceo: Session;
let associate: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;

async function putOnShift(phone: string) {
  const [row] = await app.db
    .select({ staffId: staff.id })
    .from(staff)
    .innerJoin(clients, eq(clients.id, staff.clientId))
    .where(eq(clients.phoneLocal, normalizePhone(phone).local));
  if (!row) throw new Error(`no staff ${phone}`);
  await app.db.insert(shifts).values({ staffId: row.staffId });
}

beforeAll(async () => {
  app = await buildTestApp();
  client = await signInAs(app, '08010000002');
  other = await signInAs(app, '08066665555');
  ceo = await signInAs(app, '08010000001');
  associate = await signInAs(app, '08010000003');
  cat = await catalogue(app);
  await putOnShift('08010000001');
  await putOnShift('08010000003');
});
afterAll(async () => {
  await app.close();
});

describe('the catalogue', () => {
  it('lists gas per kg, every common cylinder size, burners and stoves with kobo prices and availability', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/product' });
    expect(res.statusCode).toBe(200);
    const { products } = res.json();
    expect(products[0]).toMatchObject({ type: 'Gas', price: 125_000, available: null });
    expect(products.find((p: { sizeKg: number }) => p.sizeKg === 50)).toMatchObject({ available: 60 });
    const sizes = products
      .filter((p: { type: string }) => p.type === 'Cylinder')
      .map((p: { sizeKg: number }) => p.sizeKg);
    expect(sizes).toEqual([...CYLINDER_SIZES_KG]);
    expect(new Set(products.map((p: { type: string }) => p.type))).toEqual(
      new Set(['Gas', 'Cylinder', 'Burner', 'GasStove']),
    );
    for (const p of products) expect(Number.isInteger(p.price)).toBe(true);
  });

  it('answers one product and 404 for an unknown one', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/product/${cat.stove.id}` })).json().name).toBe(cat.stove.name);
    const missing = await app.inject({ method: 'GET', url: '/api/product/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().type).toBe('NotFound');
  });
});

describe('quotas', () => {
  it('are listed for staff, with what is used and left today', async () => {
    const res = await injectAs(app, associate, { method: 'GET', url: '/api/quota' });
    expect(res.statusCode).toBe(200);
    const stove = res.json().quotas.find((q: { productId: string }) => q.productId === cat.stove.id);
    expect(stove).toMatchObject({ stock: 200, dailyLimit: null, usedToday: 0, available: 200 });
    expect((await injectAs(app, client, { method: 'GET', url: '/api/quota' })).statusCode).toBe(403);
  });

  it('are edited by managers only, and orders then respect them', async () => {
    const body = { stock: 1, dailyLimit: null };
    const byAssociate = await injectAs(app, associate, {
      method: 'PUT',
      url: `/api/quota/${cat.burner.id}`,
      payload: body,
    });
    expect(byAssociate.statusCode).toBe(403);
    const res = await injectAs(app, ceo, { method: 'PUT', url: `/api/quota/${cat.burner.id}`, payload: body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ productId: cat.burner.id, stock: 1, available: 1 });
    const order = (quantity: number) =>
      injectAs(app, client, {
        method: 'POST',
        url: '/api/order/new',
        payload: { type: 'Product', items: [{ productId: cat.burner.id, quantity }], deliveryOption: 'PickerUP' },
      });
    expect((await order(2)).statusCode).toBe(409);
    expect((await order(1)).statusCode).toBe(201);
    const out = await order(1);
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toMatch(/out of stock/);
    const product = await app.inject({ method: 'GET', url: `/api/product/quota/${cat.burner.id}` });
    expect(product.json().quota).toMatchObject({ stock: 0, available: 0 });
  });

  it('group by supplier', async () => {
    const supplierId = '11111111-1111-4111-8111-111111111111';
    await injectAs(app, ceo, {
      method: 'PUT',
      url: `/api/quota/${cat.stove.id}`,
      payload: { stock: 9, dailyLimit: 3, supplierId },
    });
    const one = await injectAs(app, associate, {
      method: 'GET',
      url: `/api/quota/single_supplier?supplierId=${supplierId}`,
    });
    expect(one.json().quotas.map((q: { productId: string }) => q.productId)).toEqual([cat.stove.id]);
    expect(one.json().quotas[0]).toMatchObject({ stock: 9, dailyLimit: 3, available: 3 });
    const all = await injectAs(app, associate, { method: 'GET', url: '/api/quota/all_supplier' });
    const group = all.json().suppliers.find((s: { supplierId: string | null }) => s.supplierId === supplierId);
    expect(group.quotas).toHaveLength(1);
  });

  it('keep what was sold while a quota was being edited', async () => {
    const put = (payload: Record<string, unknown>) =>
      injectAs(app, ceo, { method: 'PUT', url: `/api/quota/${cat.cylinder12.id}`, payload });
    expect((await put({ stock: 10, dailyLimit: null })).statusCode).toBe(200);
    // The editor opens the dialog at 10; a client buys 3 meanwhile.
    const bought = await injectAs(app, client, {
      method: 'POST',
      url: '/api/order/new',
      payload: { type: 'Product', items: [{ productId: cat.cylinder12.id, quantity: 3 }], deliveryOption: 'PickerUP' },
    });
    expect(bought.statusCode).toBe(201);
    // Only the daily limit changed: the stock is left as the sale left it, not put back to 10.
    const limit = await put({ dailyLimit: 20 });
    expect(limit.statusCode).toBe(200);
    expect(limit.json()).toMatchObject({ stock: 7, dailyLimit: 20 });
    // A stock typed over the 10 seen is refused, saying what it is now; nothing changes.
    const stale = await put({ stock: 12, stockWas: 10 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ type: 'Conflict', additionalInfo: { stock: 7 } });
    const fresh = await put({ stock: 12, stockWas: 7 });
    expect(fresh.json()).toMatchObject({ stock: 12, dailyLimit: 20 });
  });

  it('refuse bad input', async () => {
    const negative = await injectAs(app, ceo, {
      method: 'PUT',
      url: `/api/quota/${cat.stove.id}`,
      payload: { stock: -1, dailyLimit: null },
    });
    expect(negative.statusCode).toBe(400);
    const unknown = await injectAs(app, ceo, {
      method: 'PUT',
      url: '/api/quota/00000000-0000-4000-8000-000000000000',
      payload: { stock: 1, dailyLimit: null },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the client's cylinders", () => {
  it('warns about a cylinder past its safe life and one close to it', () => {
    const now = new Date('2026-06-15T10:00:00Z');
    const base = {
      id: 'x',
      clientId: 'c',
      sizeKg: 12.5,
      serialNumber: 'S1',
      label: null,
      createdAt: now,
      updatedAt: now,
    };
    expect(toCylinderView({ ...base, expiryDate: '2026-06-14' }, now)).toMatchObject({
      expired: true,
      expiresSoon: false,
    });
    expect(toCylinderView({ ...base, expiryDate: '2026-06-15' }, now)).toMatchObject({
      expired: false,
      expiresSoon: true,
    });
    expect(toCylinderView({ ...base, expiryDate: '2026-07-15' }, now).warning).toMatch(/in 30 days/);
    expect(toCylinderView({ ...base, expiryDate: '2027-06-15' }, now)).toMatchObject({
      expired: false,
      expiresSoon: false,
      warning: null,
    });
  });

  it('are registered, listed and removed by their owner only', async () => {
    const add = await injectAs(app, client, {
      method: 'POST',
      url: '/api/cylinder/user',
      payload: { sizeKg: 12.5, serialNumber: 'ng-12-0042', expiryDate: '2020-01-31', label: 'Kitchen' },
    });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({ serialNumber: 'NG-12-0042', expired: true });
    expect(add.json().warning).toMatch(/past its safe life/);
    const dup = await injectAs(app, client, {
      method: 'POST',
      url: '/api/cylinder/user',
      payload: { sizeKg: 12.5, serialNumber: 'NG-12-0042', expiryDate: '2030-01-31' },
    });
    expect(dup.statusCode).toBe(409);
    const badSize = await injectAs(app, client, {
      method: 'POST',
      url: '/api/cylinder/user',
      payload: { sizeKg: 7, serialNumber: 'X-1', expiryDate: '2030-01-31' },
    });
    expect(badSize.statusCode).toBe(400);
    const mine = await injectAs(app, client, { method: 'GET', url: '/api/cylinder/user' });
    expect(mine.json().cylinders).toHaveLength(1);
    const theirs = await injectAs(app, other, { method: 'GET', url: '/api/cylinder/user' });
    expect(theirs.json().cylinders).toEqual([]);
    await expectOwnerOnly(app, {
      owner: client,
      other,
      request: { method: 'DELETE', url: `/api/cylinder/user/${add.json().id}` },
    });
    expect((await injectAs(app, client, { method: 'GET', url: '/api/cylinder/user' })).json().cylinders).toEqual([]);
  });
});

describe('visits (new_meeting)', () => {
  it('books a visit for a day ahead and refuses a past day', async () => {
    const tomorrow = lagosDateKey(new Date(Date.now() + 24 * 3600 * 1000));
    const payload = {
      purpose: 'SafetyCheck',
      preferredDate: tomorrow,
      timeSlot: 'Morning',
      address: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' },
      contactPhone: '08010000002',
    };
    const res = await injectAs(app, client, { method: 'POST', url: '/api/client/new_meeting', payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'Requested', preferredDate: tomorrow });
    const past = await injectAs(app, client, {
      method: 'POST',
      url: '/api/client/new_meeting',
      payload: { ...payload, preferredDate: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/from today/);
  });
});
