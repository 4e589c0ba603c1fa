import { randomUUID } from 'node:crypto';
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { StaffAccess, StaffRole } from '../../../src/domain/enums';
import { isErrorObject } from '../../../src/domain/errors';
import { REFRESH_REUSE_GRACE_MS } from '../../../src/server/modules/auth/session-service';
import { authSessions } from '../../../src/server/modules/auth/tables';
import { clients } from '../../../src/server/modules/client/tables';
import { orders } from '../../../src/server/modules/order/tables';
import { shifts } from '../../../src/server/modules/shift/tables';
import { staff } from '../../../src/server/modules/staff/tables';
import { webHeaders } from '../../../src/server/test-utils/test-app';
import { catalogue } from '../order-helpers';

/**
 * Every refresh token exchanged so far, exchanged long enough ago that a copy coming back is no
 * second tab of the same browser (REFRESH_REUSE_GRACE_MS) but a theft.
 */
export async function exchangedLongAgo(app: FastifyInstance): Promise<void> {
  await app.db
    .update(authSessions)
    .set({ replacedAt: new Date(Date.now() - REFRESH_REUSE_GRACE_MS - 1000) })
    .where(isNotNull(authSessions.replacedAt));
}

/** An access token as a device holds it (the cookie, copied before a logout clears it). */
export type Device = { clientId: string; accessToken: string; refreshToken?: string };

/** Makes the client a Manager working a shift, so that the staff routes are theirs too. */
export async function makeManagerOnShift(app: FastifyInstance, clientId: string): Promise<void> {
  const [row] = await app.db
    .insert(staff)
    .values({ clientId, role: StaffRole.Manager, access: [StaffAccess.Manager] })
    .returning({ id: staff.id });
  if (!row) throw new Error('staff row not stored');
  await app.db.insert(shifts).values({ staffId: row.id });
}

/** An unpaid pickup order of the client, written directly. */
export async function unpaidOrderOf(app: FastifyInstance, clientId: string) {
  const n = randomUUID().slice(0, 8).toUpperCase();
  const [row] = await app.db
    .insert(orders)
    .values({
      orderNumber: `ORD${n}`,
      orderPaymentNumber: `OPN${n}`,
      clientId,
      type: 'Gas',
      deliveryOption: 'PickerUP',
      subtotal: 50_000,
      total: 50_000,
      pickupCode: `PC${n}`,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}

type Call = { what: string; method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown };

/**
 * Calls that move money or change an account, and staff calls: a revoked session must be refused
 * on each at once. Each gets a fresh unpaid order, since a served cancel spends one.
 */
async function callsFor(app: FastifyInstance, clientId: string): Promise<Call[]> {
  const order = await unpaidOrderOf(app, clientId);
  const { burner: product } = await catalogue(app);
  return [
    {
      what: 'pay an order from the wallet',
      method: 'POST',
      url: '/api/payment/wallet',
      payload: { orderNumber: order.orderNumber },
    },
    {
      what: 'start a card payment',
      method: 'POST',
      url: '/api/payment/initiate/order',
      payload: { orderNumber: order.orderNumber },
    },
    {
      what: 'place an order',
      method: 'POST',
      url: '/api/order/new',
      payload: { type: 'Product', items: [{ productId: product.id, quantity: 1 }], deliveryOption: 'PickerUP' },
    },
    { what: 'edit the profile', method: 'PUT', url: '/api/auth/profile', payload: { firstname: 'Mallory' } },
    {
      what: 'cancel an order by its link (a GET that writes)',
      method: 'GET',
      url: `/api/order/cancel/${order.orderNumber}`,
    },
    {
      what: 'set a quota (staff)',
      method: 'PUT',
      url: `/api/quota/${product.id}`,
      payload: { stock: 40, dailyLimit: null },
    },
    { what: "list the shop's orders (staff)", method: 'GET', url: '/api/admin/orders' },
    { what: 'read the wallet', method: 'GET', url: '/api/wallet/client' },
  ];
}

function send(app: FastifyInstance, device: Device, call: Call) {
  return app.inject({
    method: call.method,
    url: call.url,
    headers: { ...webHeaders, cookie: `arrive_at=${device.accessToken}` },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

const summary = (call: Call, res: LightMyRequestResponse) =>
  `${call.what}: ${res.statusCode} ${res.body.slice(0, 200)}`;

/** Every call is let through the guard (whatever the handler then answers). */
export async function expectServed(app: FastifyInstance, device: Device): Promise<string[]> {
  const problems: string[] = [];
  for (const call of await callsFor(app, device.clientId)) {
    const res = await send(app, device, call);
    if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) problems.push(summary(call, res));
  }
  return problems;
}

/** Every call is refused with 401 and the error object, and the account is left as it was. */
export async function expectRefused(app: FastifyInstance, device: Device): Promise<string[]> {
  const problems: string[] = [];
  const calls = await callsFor(app, device.clientId);
  const ordersBefore = await app.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.clientId, device.clientId));
  const [clientBefore] = await app.db.select().from(clients).where(eq(clients.id, device.clientId));
  for (const call of calls) {
    const res = await send(app, device, call);
    const body: unknown = res.statusCode === 401 ? res.json() : null;
    if (!isErrorObject(body) || body.type !== 'TokenVerificationError') problems.push(summary(call, res));
  }
  const ordersAfter = await app.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(eq(orders.clientId, device.clientId));
  const [clientAfter] = await app.db.select().from(clients).where(eq(clients.id, device.clientId));
  if (JSON.stringify(ordersAfter) !== JSON.stringify(ordersBefore)) problems.push('the orders of the client changed');
  if (clientAfter?.firstname !== clientBefore?.firstname) problems.push('the profile changed');
  return problems;
}
