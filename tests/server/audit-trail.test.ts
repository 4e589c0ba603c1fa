// The audit trail: every staff action on money, stock or goods, made through its real route,
// leaves one record with who (id and name then), from which device and what changed; a refused
// action leaves none; nobody may change or remove a record, not even with SQL; the CEO and
// Managers filter the trail and export it as a CSV a spreadsheet cannot run. Runs on PGlite, and
// on PostgreSQL when TEST_DATABASE_URL is set.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryOption, OrderType, StaffAccess, StaffRole } from '../../src/domain/enums';
import type { AuditAction, AuditList } from '../../src/domain/schemas/audit';
import { csvCell } from '../../src/server/modules/audit/csv';
import { auditEvents } from '../../src/server/modules/audit/tables';
import { clients } from '../../src/server/modules/client/tables';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { quotas } from '../../src/server/modules/quota/tables';
import { credit } from '../../src/server/modules/wallet/ledger';
import { wallets } from '../../src/server/modules/wallet/tables';
import { createPaidOrder } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { closeShifts, putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';
import { catalogue } from './order-helpers';

let app: FastifyInstance;
let ceo: StaffActor;
let manager: StaffActor;
let admin: StaffActor;
let associate: StaffActor;
let accountant: StaffActor;
let rider: StaffActor;
let riderB: StaffActor;
let customer: Session;
let cat: Awaited<ReturnType<typeof catalogue>>;

const TABLET = 'Mozilla/5.0 (Linux; Android 13; Counter tablet)';
const DEVICE = 'dev-4f1c2a';
const yaba = { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 };

let keySeq = 0;
const key = () => `audit-${Date.now()}-${++keySeq}`;

/** A staff call from the counter tablet: its user agent, device id and an address of its own. */
const call = (who: StaffActor, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  injectAs(app, who.session, {
    method,
    url,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    headers: {
      'user-agent': TABLET,
      'x-device-id': DEVICE,
      'x-forwarded-for': '197.210.1.7',
      ...(method === 'GET' ? {} : { 'idempotency-key': key() }),
    },
  });

const recordsOf = (action: AuditAction) =>
  app.db.select().from(auditEvents).where(eq(auditEvents.action, action)).orderBy(auditEvents.createdAt);
const lastOf = async (action: AuditAction) => (await recordsOf(action)).at(-1);

async function named(actor: StaffActor, firstname: string, lastname: string) {
  await app.db.update(clients).set({ firstname, lastname }).where(eq(clients.id, actor.session.clientId));
}

beforeAll(async () => {
  app = await buildTestApp({ env: { SEED_DEMO: 'true' } });
  cat = await catalogue(app);
  ceo = await staffActor(app, '08070000001', StaffRole.CEO, [StaffAccess.CEO]);
  manager = await staffActor(app, '08070000002', StaffRole.Manager, [StaffAccess.Manager]);
  admin = await staffActor(app, '08070000003', StaffRole.Admin, [StaffAccess.Admin]);
  associate = await staffActor(app, '08070000004', StaffRole.SalesAssociate, [StaffAccess.Staff]);
  accountant = await staffActor(app, '08070000005', StaffRole.AccountantAndHR, [StaffAccess.Accountant]);
  rider = await staffActor(app, '08070000006', StaffRole.DeliveryPerson, [StaffAccess.Staff]);
  riderB = await staffActor(app, '08070000007', StaffRole.DeliveryPerson, [StaffAccess.Staff]);
  await named(associate, 'Bisi', 'Ade');
  await named(manager, 'Ngozi', 'Eze');
  await named(rider, 'Tunde', 'Rider');
  await named(riderB, 'Femi', 'Rider');
  for (const a of [manager, admin, rider, riderB]) await putOnShift(app, a.staffId);
  customer = await signInAs(app, '08070000099');
  await app.db
    .insert(quotas)
    .values({ productId: cat.stove.id, stock: 50, dailyLimit: null })
    .onConflictDoUpdate({ target: [quotas.productId, quotas.centerId], set: { stock: 50, dailyLimit: null } });
});
afterAll(async () => {
  await app?.close();
});

describe('each staff action is recorded through its route, in its transaction', () => {
  let soldOrder = '';

  it('a shift started: who, when, the device, the float', async () => {
    const res = await call(associate, 'POST', '/api/shift/start', { openingFloat: 500_000 });
    expect(res.statusCode, res.body).toBe(201);
    const row = await lastOf('shift.started');
    expect(row).toMatchObject({
      staffId: associate.staffId,
      staffName: 'Bisi Ade',
      userAgent: TABLET,
      deviceId: DEVICE,
      ip: '197.210.1.7',
      subject: res.json().shift.id,
    });
    expect(row?.changes).toMatchObject({ openingFloat: 500_000, shiftOf: associate.staffId });
    expect(Date.now() - (row?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('a walk-in sale and its cash refund', async () => {
    const sold = await call(associate, 'POST', '/api/client/new_order', {
      phone: '08070000098',
      order: {
        type: OrderType.Product,
        items: [{ productId: cat.stove.id, quantity: 1 }],
        deliveryOption: DeliveryOption.PickerUP,
      },
      payment: { type: 'Cash' },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    soldOrder = sold.json().order.orderNumber;
    const sale = await lastOf('sale.walk_in');
    expect(sale).toMatchObject({ staffId: associate.staffId, subject: soldOrder, deviceId: DEVICE });
    expect(sale?.changes).toMatchObject({ total: cat.stove.price, paymentType: 'Cash', handedOver: false });

    const refunded = await call(associate, 'POST', '/api/client/refund_order', {
      orderNumber: soldOrder,
      reason: 'Wrong size',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refund = await lastOf('sale.refund');
    expect(refund).toMatchObject({ staffId: associate.staffId, subject: soldOrder });
    expect(refund?.changes).toMatchObject({
      refunded: cat.stove.price,
      reason: 'Wrong size',
      status: ['Paid', 'Cancelled'],
    });
  });

  it('a refused action leaves no record (the same transaction)', async () => {
    const before = (await recordsOf('sale.refund')).length;
    const again = await call(associate, 'POST', '/api/client/refund_order', {
      orderNumber: soldOrder,
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);
    expect((await recordsOf('sale.refund')).length).toBe(before);
  });

  it('a shift ended with the drawer count and its variance', async () => {
    const res = await call(associate, 'POST', '/api/shift/end', { closingCash: 480_000 });
    expect(res.statusCode, res.body).toBe(200);
    const row = await lastOf('shift.ended');
    expect(row?.staffId).toBe(associate.staffId);
    expect(row?.changes).toMatchObject({
      openingFloat: 500_000,
      cashSales: cat.stove.price,
      cashRefunds: cat.stove.price,
      expectedCash: 500_000,
      closingCash: 480_000,
      variance: -20_000,
    });
  });

  it('staff added, then changed, with the accesses before and after', async () => {
    const created = await call(admin, 'POST', '/api/staff/create', {
      phoneNumber: '08070000050',
      role: StaffRole.Cashier,
      access: [StaffAccess.Staff],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await lastOf('staff.created')).toMatchObject({ staffId: admin.staffId, subject: '08070000050' });
    const changed = await call(admin, 'POST', '/api/staff/create', {
      phoneNumber: '08070000050',
      role: StaffRole.Cashier,
      access: [StaffAccess.Staff],
      isCurrentStaff: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = await lastOf('staff.changed');
    expect(row?.changes).toMatchObject({ before: { isCurrentStaff: true }, after: { isCurrentStaff: false } });
  });

  it('a product added, its price changed, its stock set and removed', async () => {
    const added = await call(admin, 'POST', '/api/product/new', {
      type: 'GasStove',
      name: 'Audit stove',
      price: 1_000_000,
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id;
    expect((await lastOf('product.created'))?.changes).toMatchObject({ productId: id, price: 1_000_000 });

    const priced = await call(admin, 'PUT', `/api/product/price/${id}`, { price: 1_200_000, reason: 'Supplier price' });
    expect(priced.statusCode, priced.body).toBe(200);
    const price = await lastOf('product.price');
    expect(price).toMatchObject({ staffId: admin.staffId, subject: 'Audit stove' });
    expect(price?.changes).toMatchObject({ price: [1_000_000, 1_200_000], reason: 'Supplier price' });

    const stocked = await call(manager, 'PUT', `/api/quota/${id}`, { stock: 12, dailyLimit: 4 });
    expect(stocked.statusCode, stocked.body).toBe(200);
    const stock = await lastOf('stock.changed');
    expect(stock).toMatchObject({ staffId: manager.staffId, staffName: 'Ngozi Eze', subject: 'Audit stove' });
    expect(stock?.changes).toMatchObject({ before: null, after: { stock: 12, dailyLimit: 4 } });

    const removed = await call(manager, 'DELETE', `/api/quota/${id}`);
    expect(removed.json()).toEqual({ removed: true });
    expect((await lastOf('stock.changed'))?.changes).toMatchObject({ before: { stock: 12 }, after: null });
  });

  it('a supply received', async () => {
    const supplier = await call(admin, 'POST', '/api/supplier/new', {
      name: 'Audit Gas Ltd',
      phoneNumber: '08070000060',
    });
    expect(supplier.statusCode, supplier.body).toBeLessThan(300);
    const got = await call(admin, 'POST', '/api/supply/new_delivery', {
      supplierId: supplier.json().id,
      quantityKg: 1000,
      deliveredKg: 980,
      amount: 50_000_000,
    });
    expect(got.statusCode, got.body).toBe(201);
    const row = await lastOf('supply.received');
    expect(row).toMatchObject({ staffId: admin.staffId, subject: got.json().id });
    expect(row?.changes).toMatchObject({ quantityKg: 1000, deliveredKg: 980 });
  });

  it('a hand-over with the code texted to the owner', async () => {
    const owner = await signInAs(app, '08070000097');
    const order = await createPaidOrder(app, owner.clientId);
    await putOnShift(app, associate.staffId);
    const sent = await call(associate, 'POST', '/api/pickup/handover-code', { orderId: order.id });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = app.sms.outbox
      .list('08070000097')
      .find((m) => m.body.includes(order.orderNumber))
      ?.body.match(/\b(\d{6})\b/)?.[1];
    const done = await call(associate, 'POST', '/api/pickup/handover-code/confirm', { orderId: order.id, code });
    expect(done.statusCode, done.body).toBe(200);
    const row = await lastOf('pickup.handover');
    expect(row).toMatchObject({ staffId: associate.staffId, subject: order.orderNumber, deviceId: DEVICE });
    expect(row?.changes).toMatchObject({ method: 'SmsCode', status: ['Paid', 'Delivered'] });
    await closeShifts(app, associate.staffId);
  });

  it('a hand-over approved by a Manager', async () => {
    const order = await createPaidOrder(app, customer.clientId);
    const res = await call(manager, 'POST', '/api/pickup/approve', {
      orderId: order.id,
      reason: 'Owner showed their ID; phone is off',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await lastOf('pickup.approval');
    expect(row).toMatchObject({ staffId: manager.staffId, subject: order.orderNumber });
    expect(row?.changes).toMatchObject({ method: 'SupervisorApproval', reason: 'Owner showed their ID; phone is off' });
  });

  it('a rider assigned, reassigned, a status moved, and a paid order cancelled with its delivery', async () => {
    const placed = await createOrder(
      app.db,
      customer.clientId,
      {
        type: 'Product',
        items: [{ productId: cat.stove.id, quantity: 1 }],
        deliveryOption: 'HomeDelivery',
        homeDeliveryType: 'oneWay',
        address: yaba,
      },
      { legs: app.orderLegs },
    );
    await markOrderPaid(app.db, placed.id, 'Electronic');
    const deliveryId = (
      await injectAs(app, customer, { method: 'GET', url: `/api/delivery/order/${placed.id}` })
    ).json().id;
    const assigned = await call(manager, 'PUT', `/api/delivery/assign/${deliveryId}`, {
      riderId: rider.staffId,
      replacing: null,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await lastOf('dispatch.assigned')).toMatchObject({ staffId: manager.staffId, subject: placed.orderNumber });
    const reassigned = await call(manager, 'PUT', `/api/delivery/assign/${deliveryId}`, {
      riderId: riderB.staffId,
      replacing: rider.session.clientId,
    });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
    expect((await lastOf('dispatch.reassigned'))?.changes).toMatchObject({ carrier: ['Tunde Rider', 'Femi Rider'] });
    const moved = await call(riderB, 'PUT', `/api/delivery/status/${deliveryId}`, { status: 'CarrierPickup' });
    expect(moved.statusCode, moved.body).toBe(200);
    const step = await lastOf('dispatch.status');
    expect(step).toMatchObject({ staffId: riderB.staffId, subject: placed.orderNumber });
    expect(step?.changes).toMatchObject({ delivery: ['Accepted', 'CarrierPickup'], byRider: true });

    // Paid from the wallet, then the delivery called off: the order is cancelled and refunded.
    await injectAs(app, customer, {
      method: 'POST',
      url: '/api/wallet/create',
      payload: { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com', consentGiven: true },
    });
    const [wallet] = await app.db.select().from(wallets).where(eq(wallets.clientId, customer.clientId));
    if (!wallet) throw new Error('no wallet');
    await app.db.transaction((tx) =>
      credit(tx, {
        walletId: wallet.id,
        reference: `test:${wallet.id}`,
        amount: 50_000_000,
        purpose: 'FundWallet',
        displayName: 'Top-up',
      }),
    );
    const second = await createOrder(
      app.db,
      customer.clientId,
      {
        type: 'Product',
        items: [{ productId: cat.stove.id, quantity: 1 }],
        deliveryOption: 'HomeDelivery',
        homeDeliveryType: 'oneWay',
        address: yaba,
      },
      { legs: app.orderLegs },
    );
    const paid = await injectAs(app, customer, {
      method: 'POST',
      url: '/api/payment/wallet',
      payload: { orderNumber: second.orderNumber },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const secondDelivery = (
      await injectAs(app, customer, { method: 'GET', url: `/api/delivery/order/${second.id}` })
    ).json().id;
    const cancelled = await call(manager, 'PUT', `/api/delivery/status/${secondDelivery}`, { status: 'Cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const cancel = await lastOf('order.cancelled');
    expect(cancel).toMatchObject({ staffId: manager.staffId, subject: second.orderNumber });
    expect(cancel?.changes).toMatchObject({
      order: ['Paid', 'Cancelled'],
      refund: { to: 'wallet', amount: second.total },
    });
  });
});

describe('the trail is append-only, in the database itself', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of a record, whoever asks', async () => {
    const [row] = await app.db.select().from(auditEvents).limit(1);
    if (!row) throw new Error('no audit record to tamper with');
    await expect(
      app.db.update(auditEvents).set({ staffName: 'Someone else' }).where(eq(auditEvents.id, row.id)),
    ).rejects.toThrow();
    await expect(app.db.delete(auditEvents).where(eq(auditEvents.id, row.id))).rejects.toThrow();
    await expect(app.db.execute(sql`truncate audit_events`)).rejects.toThrow();
    const [still] = await app.db.select().from(auditEvents).where(eq(auditEvents.id, row.id));
    expect(still).toEqual(row);
  });

  it('keeps the name a person had when they acted, and outlives a name change', async () => {
    const before = await lastOf('shift.started');
    await named(associate, 'Renamed', 'Person');
    const [again] = await app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, before?.id ?? ''));
    expect(again?.staffName).toBe('Bisi Ade');
    await named(associate, 'Bisi', 'Ade');
  });
});

describe('reading the trail', () => {
  const list = (who: StaffActor | null, query: string) =>
    injectAs(app, who?.session ?? null, { method: 'GET', url: `/api/audit${query}` });

  it('filters by staff member, kind and dates, newest first', async () => {
    const byAssociate = await list(ceo, `?staffId=${associate.staffId}`);
    expect(byAssociate.statusCode, byAssociate.body).toBe(200);
    const body = byAssociate.json() as AuditList;
    expect(body.events.length).toBeGreaterThanOrEqual(4);
    expect(new Set(body.events.map((e) => e.staffId))).toEqual(new Set([associate.staffId]));
    const times = body.events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);

    const sales = (await list(manager, `?staffId=${associate.staffId}&action=sale.walk_in`)).json() as AuditList;
    expect(sales.events.map((e) => e.action)).toEqual(['sale.walk_in']);
    expect(sales.total).toBe(1);

    // The staff filter offers everyone who acted in the dates, whatever the other filters.
    expect(sales.staff).toEqual(expect.arrayContaining([{ id: associate.staffId, name: 'Bisi Ade' }]));
    expect(sales.staff.map((s) => s.id)).toContain(admin.staffId);

    const paged = (await list(ceo, '?limit=2&offset=1')).json() as AuditList;
    expect(paged.events).toHaveLength(2);
    expect(paged.total).toBeGreaterThan(3);

    const longAgo = (await list(ceo, '?fromDate=2020-01-01&toDate=2020-01-31')).json() as AuditList;
    expect(longAgo).toMatchObject({ events: [], total: 0, staff: [], fromDate: '2020-01-01', toDate: '2020-01-31' });

    expect((await list(ceo, '?action=not.a.kind')).statusCode).toBe(400);
    expect((await list(ceo, '?fromDate=2026-02-01&toDate=2026-01-01')).statusCode).toBe(400);
  });

  it('is refused to everyone but the CEO and Managers', async () => {
    expect((await list(null, '')).statusCode).toBe(401);
    for (const who of [associate, admin, accountant]) {
      const res = await list(who, '');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ additionalInfo: { reason: 'MissingAccess' } });
      const csv = await list(who, '/export');
      expect(csv.statusCode).toBe(403);
      expect(csv.body).not.toContain('Bisi');
    }
  });
});

describe('the CSV export', () => {
  it('quotes what needs quoting and defuses cells a spreadsheet would run', async () => {
    // A name typed as a formula: the export must not hand it to a spreadsheet as one.
    await named(associate, '=HYPERLINK("http://evil.example","x")', '');
    const res = await call(associate, 'POST', '/api/shift/start', { openingFloat: 1 });
    expect(res.statusCode, res.body).toBe(201);
    await named(associate, 'Bisi', 'Ade');

    const csv = await injectAs(app, manager.session, {
      method: 'GET',
      url: `/api/audit/export?staffId=${associate.staffId}&action=shift.started`,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d\d-\d\d-to-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('When (UTC),Staff,Staff id,Action,Subject,Changes,Device id,IP,User agent');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(2);
    // Oldest first: the start as Bisi, then the one as the formula-shaped name.
    expect(rows[0]).toContain(',Bisi Ade,');
    expect(rows[1]).toContain(`,"'=HYPERLINK(""http://evil.example"",""x"")",${associate.staffId},Shift started,`);
    // The changes are JSON with commas and quotes: one quoted cell.
    expect(rows[1]).toMatch(/,"\{""shiftOf"":/);
    expect(csv.body).toContain(`,${DEVICE},197.210.1.7,${TABLET}`);
  });

  it('cells: formula starts, quotes, commas and line breaks', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+234')).toBe("'+234");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('plain')).toBe('plain');
  });
});
