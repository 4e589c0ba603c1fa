// The staff authorization matrix, generated from the scopes table (src/domain/staff-scopes.ts):
// every staff route × every staff role → let through or refused by the guard, as the table says;
// the routes whose scope tells one's own records from another's × every role × own and another's
// record; and no staff route outside the table.
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveryStatus, StaffAccess, StaffRole, staffRoleValues } from '../../src/domain/enums';
import {
  type ScopeMember,
  type StaffRouteKey,
  type StaffRouteRule,
  type StaffScope,
  scopeOf,
  staffRoutes,
} from '../../src/domain/staff-scopes';
import { deliveries } from '../../src/server/modules/delivery/tables';
import { orders } from '../../src/server/modules/order/tables';
import { sessionPlugin } from '../../src/server/plugins/session';
import { buildTestApp, type Session, signInAs, webHeaders } from '../../src/server/test-utils/test-app';
import { closeShifts, paidOrder, putOnShift, staffActor } from './dashboard-fixtures';
import { type ApiRoute, listApiRoutes } from './support/api-routes';
import { callRoute, sampleInput } from './support/route-request';

type Member = ScopeMember & { role: StaffRole; session: Session; staffId: string; shiftId: string; ip: string };

/** The refusals of the staff guard itself (a handler's own refusals carry other reasons). */
const GUARD_REASONS = new Set(['MissingAccess', 'NoActiveShift', 'NotStaff', 'NotCurrentStaff']);
const tableKeys = Object.keys(staffRoutes) as StaffRouteKey[];
const rule = (key: StaffRouteKey): StaffRouteRule => staffRoutes[key];
/** `GET /api/delivery/:id` as the OpenAPI document writes it: `GET /api/delivery/{id}`. */
const openApiKey = (key: string) => key.replace(/:(\w+)/g, '{$1}');

/** The access a role's member holds in the matrix: what the role naturally comes with. */
const accessOf = (role: StaffRole): StaffAccess[] =>
  role === StaffRole.CEO
    ? [StaffAccess.CEO]
    : role === StaffRole.Manager
      ? [StaffAccess.Manager]
      : role === StaffRole.Admin
        ? [StaffAccess.Admin]
        : role === StaffRole.AccountantAndHR
          ? [StaffAccess.Accountant]
          : [StaffAccess.Staff];

let app: FastifyInstance;
let routes: Map<string, ApiRoute>;
const members = new Map<StaffRole, Member>();
/** A rider who is none of the members: the deliveries, sales and shift that are "another's". */
let otherRider: Member;
let client: Session;
const address = { line1: '12 Allen Avenue', city: 'Ikeja', state: 'Lagos', lat: 6.6018, lng: 3.3515 };
type DeliveryRecord = { id: string; orderId: string; orderNumber: string; clientId: string };
const ownDelivery = new Map<StaffRole, DeliveryRecord>();
let othersDelivery: DeliveryRecord;
let ownFinished: DeliveryRecord;

let phoneSeq = 0;
const nextPhone = () => `0805${String(1_000_000 + phoneSeq++).padStart(7, '0')}`;

async function makeMember(role: StaffRole, ip: string): Promise<Member> {
  const access = accessOf(role);
  const actor = await staffActor(app, nextPhone(), role, access);
  const shift = await putOnShift(app, actor.staffId);
  return { role, access, session: actor.session, staffId: actor.staffId, shiftId: shift.id, ip };
}

/** A home delivery of a fresh client's paid order, carried by `carrierClientId`, in `status`. */
async function delivery(carrierClientId: string, status: DeliveryStatus): Promise<DeliveryRecord> {
  const owner = await signInAs(app, nextPhone());
  const paid = await paidOrder(app, { clientId: owner.clientId, total: 500_000, paymentType: 'Cash' });
  // Order numbers are looked up as the client types them, upper-cased.
  const [order] = await app.db
    .update(orders)
    .set({ orderNumber: paid.orderNumber.toUpperCase() })
    .where(eq(orders.id, paid.id))
    .returning();
  if (!order) throw new Error('order not stored');
  const [row] = await app.db
    .insert(deliveries)
    .values({
      orderId: order.id,
      clientId: owner.clientId,
      status,
      address,
      fee: 150_000,
      carrierClientId,
      carrierName: 'Matrix Rider',
      carrierPhone: '08050000000',
      assignedAt: new Date(),
      ...(status === DeliveryStatus.Delivered ? { deliveredAt: new Date() } : {}),
    })
    .returning({ id: deliveries.id });
  if (!row) throw new Error('delivery not stored');
  return { id: row.id, orderId: order.id, orderNumber: order.orderNumber, clientId: owner.clientId };
}

function call(member: Member | null, method: string, url: string, payload?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...webHeaders,
      ...(member ? { cookie: member.session.cookie, 'x-forwarded-for': member.ip } : {}),
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });
}

const reasonOf = (res: LightMyRequestResponse): string | undefined => {
  try {
    return (res.json() as { additionalInfo?: { reason?: string } }).additionalInfo?.reason;
  } catch {
    return undefined;
  }
};
/** Refused by the staff guard (not by the handler, which may refuse for its own reasons after it). */
const guardRefused = (res: LightMyRequestResponse) =>
  res.statusCode === 401 || (res.statusCode === 403 && GUARD_REASONS.has(reasonOf(res) ?? ''));

/**
 * One request per route that the guard decides before reading anything: writes carry a body no
 * schema accepts, so a caller let through is stopped by validation and nothing changes.
 */
function probe(key: StaffRouteKey, who: Member | null): Promise<LightMyRequestResponse> {
  const route = routes.get(openApiKey(key));
  if (!route) throw new Error(`${key} is in the table but not served`);
  const input = sampleInput(route);
  if (route.method === 'GET') return callRoute(app, route, who?.session ?? null, input, ipOf(who));
  return callRoute(app, route, who?.session ?? null, { ...input, body: 'not an object' }, ipOf(who));
}
const ipOf = (who: Member | null): Record<string, string> => (who ? { 'x-forwarded-for': who.ip } : {});

beforeAll(async () => {
  app = await buildTestApp();
  routes = new Map(listApiRoutes(app).map((r) => [r.key, r]));
  let n = 1;
  for (const role of staffRoleValues) members.set(role, await makeMember(role, `10.77.0.${n++}`));
  otherRider = await makeMember(StaffRole.DeliveryPerson, `10.77.0.${n++}`);
  client = await signInAs(app, nextPhone());
  for (const [role, member] of members) {
    ownDelivery.set(role, await delivery(member.session.clientId, DeliveryStatus.Accepted));
  }
  othersDelivery = await delivery(otherRider.session.clientId, DeliveryStatus.Accepted);
  const rider = members.get(StaffRole.DeliveryPerson);
  if (!rider) throw new Error('no rider');
  ownFinished = await delivery(rider.session.clientId, DeliveryStatus.Delivered);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

describe('the scopes table', () => {
  it('lists every staff-only route the server serves, and no route it does not serve', async () => {
    // A signed-in client who is not staff is refused every staff-only route as NotStaff: so the
    // routes answering that are exactly the staff routes, whatever guard their module wrote. Each
    // call is a fresh client's (a sign-out or an erasure route must not end the next call's session),
    // and a write's body is one no schema takes.
    const staffOnly: string[] = [];
    for (const route of routes.values()) {
      const input = sampleInput(route);
      const someone = await signInAs(app, nextPhone());
      const res = await callRoute(app, route, someone, route.method === 'GET' ? input : { ...input, body: 1 });
      if (res.statusCode === 403 && reasonOf(res) === 'NotStaff') staffOnly.push(route.key);
    }
    const listed = new Set(tableKeys.map(openApiKey));
    expect(
      staffOnly.filter((k) => !listed.has(k)),
      'staff routes without an entry',
    ).toEqual([]);
    const served = new Set(routes.keys());
    expect(
      tableKeys.filter((k) => !served.has(openApiKey(k))),
      'entries of routes that are gone',
    ).toEqual([]);
    // Entries for clients too are the only ones a client passes.
    expect(
      tableKeys.filter((k) => !rule(k).clients && !staffOnly.includes(openApiKey(k))),
      'staff-only entries a client reaches',
    ).toEqual([]);
  }, 60_000);

  it('stops the server at startup when a staff route has no entry', async () => {
    const bare = Fastify();
    await bare.register(sessionPlugin, {
      revocation: { isRevoked: async () => false, revoked: async () => {} },
      staff: { loadStaff: async () => null },
    });
    let failure: unknown = null;
    try {
      bare.get('/api/somewhere/new', { preHandler: bare.requireStaff() }, async () => ({}));
      await bare.ready();
    } catch (error) {
      failure = error;
    }
    expect(String(failure)).toMatch(/GET \/api\/somewhere\/new .*no entry in src\/domain\/staff-scopes\.ts/);
    await bare.close();
  });
});

describe('who may call each staff route', () => {
  it('lets through exactly the roles the table names, on a shift; refuses a client and a visitor', async () => {
    const mismatches: string[] = [];
    const clientCaller: Member = {
      role: StaffRole.Cashier,
      access: [],
      session: client,
      staffId: '',
      shiftId: '',
      ip: '10.77.1.1',
    };
    for (const key of tableKeys) {
      for (const member of members.values()) {
        const res = await probe(key, member);
        expect(res.statusCode, `${key} as ${member.role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        const expected = rule(key).clients || scopeOf(rule(key), member, true) !== null;
        if (expected === guardRefused(res)) {
          mismatches.push(
            `${key} as ${member.role}: expected ${expected ? 'through' : 'refused'}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        } else if (!expected && reasonOf(res) !== 'MissingAccess') {
          mismatches.push(`${key} as ${member.role}: refused as ${reasonOf(res)}, not MissingAccess`);
        }
      }
      const visitor = await probe(key, null);
      if (visitor.statusCode !== 401) mismatches.push(`${key} as a visitor: ${visitor.statusCode}`);
      const asClient = await probe(key, clientCaller);
      const clientRefused = asClient.statusCode === 403 && reasonOf(asClient) === 'NotStaff';
      if (clientRefused === Boolean(rule(key).clients)) {
        mismatches.push(`${key} as a client: ${asClient.statusCode} ${asClient.body.slice(0, 120)}`);
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  }, 120_000);

  it('off a shift: a route that needs one refuses as NoActiveShift; the rest as the grants say', async () => {
    const roles = [StaffRole.SalesAssociate, StaffRole.DeliveryPerson, StaffRole.AccountantAndHR, StaffRole.CEO];
    const mismatches: string[] = [];
    for (const role of roles) {
      const member = members.get(role);
      if (!member) throw new Error(role);
      await closeShifts(app, member.staffId);
      try {
        for (const key of tableKeys) {
          const r = rule(key);
          const res = await probe(key, member);
          const now = scopeOf(r, member, false);
          const ever = scopeOf(r, member);
          const expected = r.clients
            ? undefined
            : !now && !ever
              ? 'MissingAccess'
              : r.shift || !now
                ? 'NoActiveShift'
                : undefined;
          const got = guardRefused(res) ? reasonOf(res) : undefined;
          if (got !== expected) mismatches.push(`${key} as ${role} off shift: expected ${expected}, got ${got}`);
        }
      } finally {
        member.shiftId = (await putOnShift(app, member.staffId)).id;
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  }, 120_000);
});

type Which = 'own' | 'another';
type ScopedCase = {
  key: StaffRouteKey;
  method: 'GET' | 'PUT';
  url: (member: Member, which: Which) => string;
  body?: unknown;
  /** The answer to a caller whose scope does not reach the record. */
  refusal: { status: number; reason?: string };
  /** Only the record's own member may do it, whatever their scope (a rider's position). */
  ownOnly?: true;
};

const recordOf = (member: Member, which: Which) =>
  which === 'own' ? (ownDelivery.get(member.role) as DeliveryRecord) : othersDelivery;
const notYourDelivery = { status: 403, reason: 'NotYourDelivery' };

/** The routes whose answer depends on whose record it is. */
const scopedCases: ScopedCase[] = [
  {
    key: 'GET /api/delivery/:id',
    method: 'GET',
    url: (m, w) => `/api/delivery/${recordOf(m, w).id}`,
    refusal: notYourDelivery,
  },
  {
    key: 'GET /api/delivery/ordernumber/:orderNumber',
    method: 'GET',
    url: (m, w) => `/api/delivery/ordernumber/${recordOf(m, w).orderNumber}`,
    refusal: notYourDelivery,
  },
  {
    key: 'GET /api/delivery/order/:orderId',
    method: 'GET',
    url: (m, w) => `/api/delivery/order/${recordOf(m, w).orderId}`,
    refusal: notYourDelivery,
  },
  {
    key: 'GET /api/delivery/progress/:orderId',
    method: 'GET',
    url: (m, w) => `/api/delivery/progress/${recordOf(m, w).orderId}`,
    refusal: notYourDelivery,
  },
  {
    key: 'GET /api/delivery/client/:clientId',
    method: 'GET',
    url: (m, w) => `/api/delivery/client/${recordOf(m, w).clientId}`,
    refusal: { status: 404 },
  },
  {
    key: 'PUT /api/delivery/location/:id',
    method: 'PUT',
    url: (m, w) => `/api/delivery/location/${recordOf(m, w).id}`,
    body: { lat: 6.6, lng: 3.35 },
    refusal: notYourDelivery,
    ownOnly: true,
  },
  {
    key: 'GET /api/admin/sales/:staffId',
    method: 'GET',
    url: (m, w) => `/api/admin/sales/${w === 'own' ? m.staffId : otherRider.staffId}`,
    refusal: { status: 403, reason: 'NotYourRecord' },
  },
  {
    key: 'GET /api/sales/staff/:id',
    method: 'GET',
    url: (m, w) => `/api/sales/staff/${w === 'own' ? m.staffId : otherRider.staffId}`,
    refusal: { status: 403, reason: 'NotYourRecord' },
  },
  {
    key: 'GET /api/shift/:id',
    method: 'GET',
    url: (m, w) => `/api/shift/${w === 'own' ? m.shiftId : otherRider.shiftId}`,
    // Another's shift answers as if it did not exist.
    refusal: { status: 404 },
  },
];

/** What the table says a member gets for their own record and another's. */
function expectedAnswer(c: ScopedCase, scope: StaffScope | null, which: Which): { status: number; reason?: string } {
  if (c.ownOnly && scope) return which === 'own' ? { status: 200 } : c.refusal;
  if (scope === 'company' || scope === 'counter') return { status: 200 };
  if (scope === 'own') return which === 'own' ? { status: 200 } : c.refusal;
  // No grant: a client of the route, who sees their own client records only — not these.
  return rule(c.key).clients ? { status: 404 } : { status: 403, reason: 'MissingAccess' };
}

describe('on what: own records and another’s', () => {
  it('answers each role as its scope says, for its own record and another’s', async () => {
    const mismatches: string[] = [];
    for (const c of scopedCases) {
      for (const member of members.values()) {
        const scope = scopeOf(rule(c.key), member, true);
        for (const which of ['own', 'another'] as const) {
          const res = await call(member, c.method, c.url(member, which), c.body);
          const want = expectedAnswer(c, scope, which);
          const reason = reasonOf(res);
          if (res.statusCode !== want.status || (want.reason && reason !== want.reason)) {
            mismatches.push(
              `${c.key} as ${member.role} (${scope ?? 'no scope'}) on ${which}: expected ${want.status} ${want.reason ?? ''}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
          if (res.statusCode >= 400 && res.body.includes(address.line1)) {
            mismatches.push(`${c.key} as ${member.role} on ${which}: the refusal carries the address`);
          }
        }
      }
    }
    expect(mismatches, mismatches.join('\n')).toEqual([]);
  }, 120_000);

  it("moves only a rider's own delivery, refusing another's before anything changes", async () => {
    const rider = members.get(StaffRole.DeliveryPerson) as Member;
    const res = await call(rider, 'PUT', `/api/delivery/status/${othersDelivery.id}`, { status: 'CarrierPickup' });
    expect(res.statusCode).toBe(403);
    expect(reasonOf(res)).toBe('NotYourDelivery');
    const [row] = await app.db.select().from(deliveries).where(eq(deliveries.id, othersDelivery.id));
    expect(row?.status).toBe(DeliveryStatus.Accepted);
  });
});

describe('a rider reads no other client', () => {
  it('gets no answer carrying a client from the reads that served every client before', async () => {
    const rider = members.get(StaffRole.DeliveryPerson) as Member;
    const other = othersDelivery;
    const reads = [
      `/api/delivery/${other.id}`,
      `/api/delivery/ordernumber/${other.orderNumber}`,
      `/api/delivery/order/${other.orderId}`,
      `/api/delivery/client/${other.clientId}`,
      '/api/delivery/all',
      `/api/delivery/progress/${other.orderId}`,
      `/api/order/with_client/${other.orderId}`,
      `/api/order/with_client/search?q=${other.orderNumber}`,
      '/api/order/filtered',
      '/api/admin/orders',
      `/api/admin/orders/detail/${other.orderId}`,
      `/api/pickup/order/${other.orderId}`,
    ];
    for (const url of reads) {
      const res = await call(rider, 'GET', url);
      expect([403, 404], `${url}: ${res.statusCode} ${res.body.slice(0, 160)}`).toContain(res.statusCode);
      expect(res.body, url).not.toContain(address.line1);
      expect(res.body, url).not.toContain(other.clientId);
    }
  });

  it("sees an open delivery's client phone and address, and only the area once it is finished", async () => {
    const rider = members.get(StaffRole.DeliveryPerson) as Member;
    const open = ownDelivery.get(StaffRole.DeliveryPerson) as DeliveryRecord;
    const mine = await call(rider, 'GET', '/api/delivery/mine');
    expect(mine.statusCode).toBe(200);
    type Item = { id: string; clientPhone: string; address: { line1: string; city: string; lat?: number } };
    const list = (mine.json() as { deliveries: Item[] }).deliveries;
    const openItem = list.find((d) => d.id === open.id);
    const doneItem = list.find((d) => d.id === ownFinished.id);
    expect(openItem?.address.line1).toBe(address.line1);
    expect(openItem?.clientPhone).not.toBe('');
    expect(doneItem).toMatchObject({ clientPhone: '', address: { line1: '', city: address.city } });
    expect(doneItem?.address.lat).toBeUndefined();

    const one = await call(rider, 'GET', `/api/delivery/${ownFinished.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().address).toEqual({ line1: '', city: address.city, state: address.state });
    expect(one.body).not.toContain(address.line1);
    // The dispatcher still reads it whole.
    const dispatcher = members.get(StaffRole.SalesAssociate) as Member;
    expect((await call(dispatcher, 'GET', `/api/delivery/${ownFinished.id}`)).json().address.line1).toBe(address.line1);
  });
});
