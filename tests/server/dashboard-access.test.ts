// The staff access rule (src/domain/access.ts) and the shift requirement over every staff route of the dashboard
// area: CEO, Manager, Accountant, a sales associate (Staff) and a client without a staff record.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import { products } from '../../src/server/modules/product/tables';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { closeShifts, multipartBody, putOnShift, type StaffActor, staffActor, tinyPng } from './dashboard-fixtures';

type Actor = 'ceo' | 'manager' | 'accountant' | 'staff';
const ANY: Actor[] = ['ceo', 'manager', 'accountant', 'staff'];
const READERS: Actor[] = ['ceo', 'manager', 'accountant'];
const ADMIN: Actor[] = ['ceo', 'manager'];
const MANAGER: Actor[] = ['ceo', 'manager'];

const dataDir = `/tmp/arrive-dashboard-access-${randomUUID()}`;
let app: FastifyInstance;
let actors: Record<Actor, StaffActor>;
let client: Session;
let productId: string;
let phoneSeq = 0;
const freshPhone = () => `0907${String(10_000_000 + phoneSeq++).slice(1)}`;

beforeAll(async () => {
  app = await buildTestApp({ env: { DATA_DIR: dataDir } });
  actors = {
    ceo: await staffActor(app, '08010000001', StaffRole.CEO, [StaffAccess.CEO]),
    manager: await staffActor(app, '08040000001', StaffRole.Manager, [StaffAccess.Manager]),
    accountant: await staffActor(app, '08040000002', StaffRole.AccountantAndHR, [StaffAccess.Accountant]),
    staff: await staffActor(app, '08010000003', StaffRole.SalesAssociate, [StaffAccess.Staff]),
  };
  client = await signInAs(app, '08010000002');
  const [product] = await app.db.select().from(products).limit(1);
  if (!product) throw new Error('no seeded product');
  productId = product.id;
});
afterAll(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type RouteCase = { name: string; allow: Actor[]; request: () => InjectOptions };
const json = (method: 'POST' | 'PUT', url: string, payload: () => object) => () =>
  ({ method, url, payload: payload() }) as InjectOptions;
const get = (url: string | (() => string)) => () =>
  ({ method: 'GET', url: typeof url === 'string' ? url : url() }) as InjectOptions;
const unknownId = '00000000-0000-4000-8000-000000000000';

const routes: RouteCase[] = [
  { name: 'POST /api/shift/start', allow: ANY, request: json('POST', '/api/shift/start', () => ({ openingFloat: 0 })) },
  { name: 'POST /api/shift/end', allow: ANY, request: json('POST', '/api/shift/end', () => ({ closingCash: 0 })) },
  { name: 'GET /api/shift/active', allow: ANY, request: get('/api/shift/active') },
  { name: 'GET /api/shift/today', allow: ANY, request: get('/api/shift/today') },
  { name: 'GET /api/shift/all_today', allow: READERS, request: get('/api/shift/all_today') },
  { name: 'GET /api/shift/all_active', allow: READERS, request: get('/api/shift/all_active') },
  {
    name: 'GET /api/shift/active/{staffId}',
    allow: READERS,
    request: get(() => `/api/shift/active/${actors.staff.staffId}`),
  },
  { name: 'GET /api/staff/active', allow: READERS, request: get('/api/staff/active') },
  {
    name: 'POST /api/staff/create',
    allow: ADMIN,
    request: json('POST', '/api/staff/create', () => ({
      phoneNumber: freshPhone(),
      role: 'Cashier',
      access: ['Staff'],
    })),
  },
  {
    name: 'POST /api/app/add_employee',
    allow: ADMIN,
    request: json('POST', '/api/app/add_employee', () => ({
      phoneNumber: freshPhone(),
      role: 'Cashier',
      access: ['Staff'],
    })),
  },
  { name: 'GET /api/admin/orders', allow: ANY, request: get('/api/admin/orders?status=Paid') },
  {
    name: 'GET /api/admin/orders/{s}/{from}/{to}',
    allow: ANY,
    request: get('/api/admin/orders/all/2026-01-01/2026-01-31'),
  },
  { name: 'GET /api/admin/orders/detail/{id}', allow: ANY, request: get(`/api/admin/orders/detail/${unknownId}`) },
  {
    name: 'POST /api/admin/start_shift/{staffId}',
    allow: MANAGER,
    request: json('POST', '/api/admin/start_shift/x', () => ({ openingFloat: 0 })),
  },
  {
    name: 'POST /api/admin/end_shift/{staffId}',
    allow: MANAGER,
    request: json('POST', '/api/admin/end_shift/x', () => ({ closingCash: 0 })),
  },
  { name: 'GET /api/admin/shift/{id}', allow: READERS, request: get(`/api/admin/shift/${unknownId}`) },
  {
    name: 'GET /api/admin/ongoing_shift/{staffId}',
    allow: READERS,
    request: get(() => `/api/admin/ongoing_shift/${actors.staff.staffId}`),
  },
  { name: 'GET /api/admin/shift', allow: READERS, request: get('/api/admin/shift') },
  { name: 'GET /api/admin/sales', allow: ANY, request: get('/api/admin/sales') },
  { name: 'GET /api/admin/sales/staff', allow: READERS, request: get('/api/admin/sales/staff') },
  {
    name: 'GET /api/admin/sales/{staffId} (the CEO)',
    allow: READERS,
    request: get(() => `/api/admin/sales/${actors.ceo.staffId}`),
  },
  { name: 'GET /api/sales', allow: READERS, request: get('/api/sales?fromDate=2026-01-01&toDate=2026-01-31') },
  {
    name: 'GET /api/sales/staff/{id} (the CEO)',
    allow: READERS,
    request: get(() => `/api/sales/staff/${actors.ceo.staffId}`),
  },
  {
    name: 'POST /api/supplier/new',
    allow: ADMIN,
    request: json('POST', '/api/supplier/new', () => ({ name: 'Gas Co', phoneNumber: freshPhone() })),
  },
  { name: 'GET /api/supplier', allow: READERS, request: get('/api/supplier') },
  { name: 'GET /api/supplier/all-quota', allow: READERS, request: get('/api/supplier/all-quota') },
  { name: 'GET /api/supplier/quota/{id}', allow: READERS, request: get(`/api/supplier/quota/${unknownId}`) },
  {
    name: 'POST /api/supply/new',
    allow: ADMIN,
    request: json('POST', '/api/supply/new', () => ({ supplierId: unknownId, quantityKg: 100, amount: 100 })),
  },
  {
    name: 'POST /api/supply/new_delivery',
    allow: ADMIN,
    request: json('POST', '/api/supply/new_delivery', () => ({ supplierId: unknownId, quantityKg: 100, amount: 100 })),
  },
  {
    name: 'POST /api/supply/delivery',
    allow: ADMIN,
    request: json('POST', '/api/supply/delivery', () => ({ supplyId: unknownId, status: 'Delivered' })),
  },
  { name: 'GET /api/supply', allow: READERS, request: get('/api/supply') },
  { name: 'GET /api/product/all', allow: ANY, request: get('/api/product/all') },
  {
    name: 'POST /api/product/new',
    allow: ADMIN,
    request: json('POST', '/api/product/new', () => ({ type: 'Burner', name: `Burner ${phoneSeq++}`, price: 100 })),
  },
  {
    name: 'PUT /api/product/update/{id}',
    allow: ADMIN,
    request: () => ({ method: 'PUT', url: `/api/product/update/${productId}`, payload: {} }),
  },
  {
    name: 'PUT /api/product/price/{id}',
    allow: ADMIN,
    request: () => ({
      method: 'PUT',
      url: `/api/product/price/${productId}`,
      payload: { price: 100_000 + phoneSeq++ },
    }),
  },
  {
    name: 'GET /api/product/price_history/{id}',
    allow: ANY,
    request: get(() => `/api/product/price_history/${productId}`),
  },
  {
    name: 'POST /api/upload/file',
    allow: ADMIN,
    request: () => {
      const body = multipartBody(tinyPng, 'p.png', 'image/png');
      return {
        method: 'POST',
        url: '/api/upload/file',
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      };
    },
  },
];

/** Puts every staff actor back on a shift: a route under test may have ended one. */
async function everyoneOnShift() {
  for (const a of Object.values(actors)) await putOnShift(app, a.staffId);
}

function withStaffIds(options: InjectOptions): InjectOptions {
  const url = String(options.url).replace(/\/(start_shift|end_shift)\/x$/, `/$1/${actors.staff.staffId}`);
  return { ...options, url };
}

describe('dashboard access matrix', () => {
  for (const route of routes) {
    it(`${route.name}: ${route.allow.join(', ')} pass; the others, a client and a visitor do not`, async () => {
      const outcomes: string[] = [];
      for (const actor of ANY) {
        await everyoneOnShift();
        const res = await injectAs(app, actors[actor].session, withStaffIds(route.request()));
        const allowed = route.allow.includes(actor);
        const denied = res.statusCode === 403 || res.statusCode === 401;
        if (allowed === denied)
          outcomes.push(
            `${actor}: expected ${allowed ? 'allowed' : 'denied'}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        if (!allowed) expect(res.json().type).toBe('Forbidden');
        expect(res.statusCode, `${actor}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      expect(outcomes).toEqual([]);
      const asClient = await injectAs(app, client, withStaffIds(route.request()));
      expect(asClient.statusCode).toBe(403);
      expect(asClient.json()).toMatchObject({ type: 'Forbidden', additionalInfo: { reason: 'NotStaff' } });
      const asVisitor = await injectAs(app, null, withStaffIds(route.request()));
      expect(asVisitor.statusCode).toBe(401);
    });
  }

  it('a refused price change changes nothing', async () => {
    await everyoneOnShift();
    const [before] = await app.db.select().from(products).where(eq(products.id, productId));
    const res = await injectAs(app, actors.staff.session, {
      method: 'PUT',
      url: `/api/product/price/${productId}`,
      payload: { price: 1 },
    });
    expect(res.statusCode).toBe(403);
    const [after] = await app.db.select().from(products).where(eq(products.id, productId));
    expect(after?.price).toBe(before?.price);
  });

  it('without a working shift, staff may start one and read their own, and nothing else', async () => {
    await closeShifts(app, actors.manager.staffId);
    const ownShift = await injectAs(app, actors.manager.session, { method: 'GET', url: '/api/shift/active' });
    expect(ownShift.statusCode).toBe(200);
    expect(ownShift.json()).toEqual({ shift: null });
    for (const url of ['/api/admin/orders', '/api/sales', '/api/staff/active', '/api/product/all', '/api/supplier']) {
      const res = await injectAs(app, actors.manager.session, { method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().additionalInfo, url).toEqual({ reason: 'NoActiveShift' });
    }
  });

  it('someone who left is refused everywhere, shift or not', async () => {
    await everyoneOnShift();
    const gone = await staffActor(app, '08040000009', StaffRole.Cashier, [StaffAccess.Staff]);
    await putOnShift(app, gone.staffId);
    const res = await injectAs(app, actors.ceo.session, {
      method: 'POST',
      url: '/api/staff/create',
      payload: { phoneNumber: '08040000009', role: 'Cashier', access: ['Staff'], isCurrentStaff: false },
    });
    expect(res.statusCode).toBe(200);
    const start = await injectAs(app, gone.session, {
      method: 'POST',
      url: '/api/shift/start',
      payload: { openingFloat: 0 },
    });
    expect(start.statusCode).toBe(403);
    expect(start.json().additionalInfo).toEqual({ reason: 'NotCurrentStaff' });
  });

  it('a staff member reads their own shift by id, not a colleague’s', async () => {
    await everyoneOnShift();
    const own = await injectAs(app, actors.staff.session, { method: 'GET', url: '/api/shift/active' });
    const ownId = own.json().shift.id as string;
    expect((await injectAs(app, actors.staff.session, { method: 'GET', url: `/api/shift/${ownId}` })).statusCode).toBe(
      200,
    );
    const ceoShift = (await injectAs(app, actors.ceo.session, { method: 'GET', url: '/api/shift/active' })).json().shift
      .id;
    const peek = await injectAs(app, actors.staff.session, { method: 'GET', url: `/api/shift/${ceoShift}` });
    expect(peek.statusCode).toBe(404);
    const asAccountant = await injectAs(app, actors.accountant.session, {
      method: 'GET',
      url: `/api/shift/${ceoShift}`,
    });
    expect(asAccountant.statusCode).toBe(200);
  });
});
