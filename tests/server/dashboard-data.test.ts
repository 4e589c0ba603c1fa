// The dashboard's data calls: staff, sales by payment type and staff member, admin orders,
// catalogue prices with history, suppliers and supplies, and picture uploads.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import { lagosDateKey } from '../../src/domain/format';
import { clients } from '../../src/server/modules/client/tables';
import { orders } from '../../src/server/modules/order/tables';
import { products } from '../../src/server/modules/product/tables';
import { quotas } from '../../src/server/modules/quota/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { multipartBody, paidOrder, putOnShift, type StaffActor, staffActor, tinyPng } from './dashboard-fixtures';

const dataDir = `/tmp/arrive-dashboard-data-${randomUUID()}`;
let app: FastifyInstance;
let ceo: StaffActor;
let admin: StaffActor;
let associate: StaffActor;
let client: Session;

beforeAll(async () => {
  app = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ceo = await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]);
  admin = await staffActor(app, '08070000001', StaffRole.Admin, [StaffAccess.Admin]);
  associate = await staffActor(app, '08010000003', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  for (const a of [ceo, admin, associate]) await putOnShift(app, a.staffId);
  client = await signInAs(app, '08010000002');
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('staff', () => {
  it('makes a new phone number staff, creating the client', async () => {
    const res = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/staff/create',
      payload: { phoneNumber: '2348070000002', role: 'Cashier', access: ['Staff'], firstname: 'Ngozi' },
      headers: { 'idempotency-key': 'staff-1' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      created: true,
      clientCreated: true,
      staff: {
        phoneLocal: '08070000002',
        role: 'Cashier',
        access: ['Staff'],
        isCurrentStaff: true,
        firstname: 'Ngozi',
      },
    });
    const replay = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/staff/create',
      payload: { phoneNumber: '2348070000002', role: 'Cashier', access: ['Staff'], firstname: 'Ngozi' },
      headers: { 'idempotency-key': 'staff-1' },
    });
    expect(replay.json()).toEqual(res.json());
    const rows = await app.db.select().from(clients).where(eq(clients.phoneLocal, '08070000002'));
    expect(rows).toHaveLength(1);
  });

  it('updates an existing client and lists them among the active staff', async () => {
    const res = await injectAs(app, ceo.session, {
      method: 'POST',
      url: '/api/app/add_employee',
      payload: { phoneNumber: '08010000002', role: 'Customer Service', access: ['Staff'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ created: true, clientCreated: false });
    const list = await injectAs(app, ceo.session, { method: 'GET', url: '/api/staff/active' });
    expect(list.json().map((s: { phoneLocal: string }) => s.phoneLocal)).toContain('08010000002');
    // Put the demo client back as a plain client for the other tests.
    await app.db.delete(staff).where(eq(staff.clientId, client.clientId));
  });

  it('lets only a CEO or Manager grant Manager, and nobody edit themselves', async () => {
    const promote = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/staff/create',
      payload: { phoneNumber: '08070000003', role: 'Manager', access: ['Manager'] },
    });
    expect(promote.statusCode).toBe(403);
    expect(await app.db.select().from(clients).where(eq(clients.phoneLocal, '08070000003'))).toHaveLength(0);
    // The titles go with the ranks, whatever the accesses given with them.
    for (const [role, message] of [
      ['CEO', 'Only a CEO can give the CEO role'],
      ['Manager', 'Only a CEO or a Manager can give the Manager role'],
    ]) {
      const titled = await injectAs(app, admin.session, {
        method: 'POST',
        url: '/api/staff/create',
        payload: { phoneNumber: '08070000003', role, access: ['Staff'] },
      });
      expect(titled.statusCode).toBe(403);
      expect(titled.json().message).toBe(message);
    }
    expect(await app.db.select().from(clients).where(eq(clients.phoneLocal, '08070000003'))).toHaveLength(0);
    const self = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/staff/create',
      payload: { phoneNumber: '08070000001', role: 'Admin', access: ['Admin', 'Accountant'] },
    });
    expect(self.statusCode).toBe(403);
    const bad = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/staff/create',
      payload: { phoneNumber: '12345', role: 'Cashier', access: ['Staff'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('InvalidInput');
  });
});

describe('sales and orders', () => {
  it('totals paid orders by payment type and day, and per staff member', async () => {
    const today = lagosDateKey(new Date());
    const before = (await injectAs(app, ceo.session, { method: 'GET', url: '/api/sales' })).json();
    await paidOrder(app, {
      clientId: client.clientId,
      total: 300_000,
      paymentType: 'Cash',
      takenByClientId: associate.session.clientId,
    });
    await paidOrder(app, { clientId: client.clientId, total: 200_000, paymentType: 'Electronic' });
    await paidOrder(app, {
      clientId: client.clientId,
      total: 50_000,
      paymentType: 'Wallet',
      takenByClientId: admin.session.clientId,
    });
    // An unpaid order is not a sale.
    const unpaid = await paidOrder(app, { clientId: client.clientId, total: 999_999, paymentType: 'Cash' });
    await app.db.update(orders).set({ status: 'Not Paid', paidAt: null }).where(eq(orders.id, unpaid.id));

    const res = await injectAs(app, ceo.session, {
      method: 'GET',
      url: `/api/sales?fromDate=${today}&toDate=${today}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total - before.total).toBe(550_000);
    expect(body.byPaymentType.Cash - before.byPaymentType.Cash).toBe(300_000);
    expect(body.byPaymentType.Electronic - before.byPaymentType.Electronic).toBe(200_000);
    expect(body.byPaymentType.Wallet - before.byPaymentType.Wallet).toBe(50_000);
    expect(body.byDay).toHaveLength(1);
    expect(body.byDay[0].date).toBe(today);

    const byStaff = (await injectAs(app, ceo.session, { method: 'GET', url: '/api/admin/sales/staff' })).json();
    const line = (id: string) => byStaff.staff.find((s: { staffId: string }) => s.staffId === id);
    expect(line(associate.staffId)).toMatchObject({ Cash: 300_000, total: 300_000, orders: 1 });
    expect(line(admin.staffId)).toMatchObject({ Wallet: 50_000, total: 50_000 });
    const mine = (await injectAs(app, associate.session, { method: 'GET', url: '/api/admin/sales' })).json();
    expect(mine).toMatchObject({ staffId: associate.staffId, total: 300_000 });
  });

  it('refuses a reversed date range with a 400', async () => {
    const res = await injectAs(app, ceo.session, {
      method: 'GET',
      url: '/api/sales?fromDate=2026-02-02&toDate=2026-02-01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('InvalidInput');
  });

  it('lists orders by status and date, and opens one', async () => {
    const order = await paidOrder(app, { clientId: client.clientId, total: 125_000, paymentType: 'Cash' });
    const paid = (
      await injectAs(app, associate.session, { method: 'GET', url: '/api/admin/orders?status=Paid' })
    ).json();
    expect(paid.map((o: { id: string }) => o.id)).toContain(order.id);
    const cancelled = (
      await injectAs(app, associate.session, { method: 'GET', url: '/api/admin/orders?status=Cancelled' })
    ).json();
    expect(cancelled).toEqual([]);
    const old = (
      await injectAs(app, associate.session, { method: 'GET', url: '/api/admin/orders/all/2020-01-01/2020-01-02' })
    ).json();
    expect(old).toEqual([]);
    const detail = await injectAs(app, associate.session, {
      method: 'GET',
      url: `/api/admin/orders/detail/${order.id}`,
    });
    expect(detail.json()).toMatchObject({
      orderNumber: order.orderNumber,
      total: 125_000,
      events: [{ status: 'Paid' }],
    });
  });
});

describe('catalogue', () => {
  it('lists every product by type, then by size, not as text (3, 5, 12.5 kg, not 12.5, 25, 3)', async () => {
    const all = (await injectAs(app, associate.session, { method: 'GET', url: '/api/product/all' })).json() as {
      type: string;
      sizeKg: number | null;
    }[];
    const cylinders = all.filter((p) => p.type === 'Cylinder').map((p) => p.sizeKg);
    expect(cylinders.length).toBeGreaterThan(2);
    expect(cylinders).toEqual([...cylinders].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));
  });

  it('changes a price from now on and keeps the history', async () => {
    const [gas] = await app.db.select().from(products).where(eq(products.type, 'Gas'));
    if (!gas) throw new Error('no gas product');
    const res = await injectAs(app, admin.session, {
      method: 'PUT',
      url: `/api/product/price/${gas.id}`,
      payload: { price: gas.price + 5000, reason: 'Depot price rose' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().price).toBe(gas.price + 5000);
    const history = (
      await injectAs(app, associate.session, { method: 'GET', url: `/api/product/price_history/${gas.id}` })
    ).json();
    expect(history[0]).toMatchObject({ oldPrice: gas.price, newPrice: gas.price + 5000, reason: 'Depot price rose' });
    const created = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/product/new',
      payload: { type: 'Burner', name: 'Double burner', price: 1_500_000 },
    });
    expect(created.statusCode).toBe(201);
    const firstPrice = (
      await injectAs(app, admin.session, { method: 'GET', url: `/api/product/price_history/${created.json().id}` })
    ).json();
    expect(firstPrice).toMatchObject([{ oldPrice: null, newPrice: 1_500_000 }]);

    // The same name again (case and spaces aside) would be two identical products on the shelves.
    const twice = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/product/new',
      payload: { type: 'Burner', name: '  double   BURNER ', price: 1_600_000 },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      message: 'A product named “Double burner” already exists. Change its price, or give this one another name.',
      additionalInfo: { reason: 'NameTaken', productId: created.json().id },
    });
    const renamed = await injectAs(app, admin.session, {
      method: 'PUT',
      url: `/api/product/update/${gas.id}`,
      payload: { name: 'Double Burner' },
    });
    expect(renamed.statusCode).toBe(409);
    // Its own name, saved again, is no clash; a name too long says so in words.
    const same = await injectAs(app, admin.session, {
      method: 'PUT',
      url: `/api/product/update/${created.json().id}`,
      payload: { name: 'Double burner' },
    });
    expect(same.statusCode).toBe(200);
    const long = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/product/new',
      payload: { type: 'Burner', name: 'x'.repeat(121), price: 1_600_000 },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('The name can be at most 120 characters');
  });
});

describe('suppliers and supplies', () => {
  it('moves a supply from request to delivery to payment, never back', async () => {
    const supplier = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supplier/new',
      payload: { name: 'Lekki Gas Depot', phoneNumber: '08070000010' },
    });
    expect(supplier.statusCode).toBe(201);
    const supplierId = supplier.json().id as string;
    const dup = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supplier/new',
      payload: { name: 'Again', phoneNumber: '08070000010' },
    });
    expect(dup.statusCode).toBe(409);
    const supply = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supply/new',
      payload: { supplierId, quantityKg: 1000, amount: 90_000_000 },
    });
    expect(supply.json()).toMatchObject({ status: 'WaitingSupplierResponse', deliveredKg: null });
    const id = supply.json().id as string;
    // The gas the shop sells has a tracked stock: what arrives joins it, once.
    const [gas] = await app.db.select().from(products).where(eq(products.type, 'Gas'));
    if (!gas) throw new Error('no gas product');
    await app.db
      .insert(quotas)
      .values({ productId: gas.id, stock: 500, dailyLimit: null })
      .onConflictDoUpdate({ target: [quotas.productId, quotas.centerId], set: { stock: 500, dailyLimit: null } });
    const gasStock = async () => (await app.db.select().from(quotas).where(eq(quotas.productId, gas.id)))[0]?.stock;
    const delivered = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supply/delivery',
      payload: { supplyId: id, status: 'Delivered', deliveredKg: 980 },
    });
    expect(delivered.json()).toMatchObject({ status: 'Delivered', deliveredKg: 980 });
    expect(await gasStock()).toBe(1480);
    let quota = (await injectAs(app, ceo.session, { method: 'GET', url: `/api/supplier/quota/${supplierId}` })).json();
    expect(quota).toMatchObject({
      requestedKg: 1000,
      deliveredKg: 980,
      amountOwed: 90_000_000,
      amountPaid: 0,
      supplies: 1,
    });
    await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supply/delivery',
      payload: { supplyId: id, status: 'Paid' },
    });
    quota = (
      await injectAs(app, ceo.session, {
        method: 'GET',
        url: `/api/supplier/quota/${supplierId}`,
      })
    ).json();
    expect(quota).toMatchObject({ amountOwed: 0, amountPaid: 90_000_000 });
    // Paid after it arrived: no more gas than arrived.
    expect(await gasStock()).toBe(1480);
    const back = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supply/delivery',
      payload: { supplyId: id, status: 'WaitingSupplierResponse' },
    });
    expect(back.statusCode).toBe(409);
    const walkIn = await injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/supply/new_delivery',
      payload: { supplierId, quantityKg: 200, amount: 18_000_000 },
    });
    expect(walkIn.json()).toMatchObject({ status: 'Delivered', deliveredKg: 200 });
    expect(await gasStock()).toBe(1680);
  });
});

describe('uploads', () => {
  const upload = (file: Buffer, name: string, type: string) => {
    const body = multipartBody(file, name, type);
    return injectAs(app, admin.session, {
      method: 'POST',
      url: '/api/upload/file',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
  };

  it('stores a picture and serves it back', async () => {
    const res = await upload(tinyPng, 'p.png', 'image/png');
    expect(res.statusCode).toBe(201);
    const { url, contentType } = res.json();
    expect(contentType).toBe('image/png');
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('refuses what is not a picture, whatever it claims, and what is too large', async () => {
    const script = await upload(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(script.statusCode).toBe(415);
    const big = await upload(Buffer.concat([tinyPng, Buffer.alloc(2 * 1024 * 1024 + 10)]), 'big.png', 'image/png');
    expect(big.statusCode).toBe(413);
    const traversal = await app.inject({ method: 'GET', url: '/api/upload/file/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(400);
  });
});
