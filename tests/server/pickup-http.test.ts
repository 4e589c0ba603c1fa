import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import { signOrderQrToken, verifyOrderQrToken } from '../../src/server/modules/order/qr-token';
import { orders } from '../../src/server/modules/order/tables';
import { pickupAttempts, pickups } from '../../src/server/modules/pickup/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
const phone = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function staffOnShift(): Promise<Session> {
  const session = await signInAs(app, phone());
  await putOnShift(app, session.clientId);
  return session;
}

const get = (session: Session | null, url: string) => injectAs(app, session, { method: 'GET', url });
const post = (session: Session | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  injectAs(app, session, { method: 'POST', url, payload: payload as Record<string, unknown>, headers });

describe('QR token', () => {
  const secret = 'a'.repeat(40);
  const orderId = '3f1c8a52-0d4e-4b8e-9a51-7c2d9e0f1a2b';

  it('round-trips and stays compact enough for a QR code', () => {
    const token = signOrderQrToken(secret, orderId);
    expect(token.length).toBeLessThan(100);
    expect(verifyOrderQrToken(secret, token)).toEqual({ orderId });
  });

  it('refuses another key, an edited payload and garbage', () => {
    const token = signOrderQrToken(secret, orderId);
    expect(verifyOrderQrToken('b'.repeat(40), token)).toBeNull();
    const [body, mac] = token.split('.');
    const edited = Buffer.from(JSON.stringify({ o: '00000000-0000-4000-8000-000000000000' })).toString('base64url');
    expect(verifyOrderQrToken(secret, `${edited}.${mac}`)).toBeNull();
    expect(verifyOrderQrToken(secret, `${body}.`)).toBeNull();
    expect(verifyOrderQrToken(secret, 'not a token')).toBeNull();
    expect(verifyOrderQrToken(secret, 'x'.repeat(500))).toBeNull();
  });

  it('is not interchangeable with an access token signed by the same secret', async () => {
    const session = await signInAs(app, phone());
    const accessToken = session.cookie.replace('arrive_at=', '');
    expect(verifyOrderQrToken(app.config.SESSION_SECRET, accessToken)).toBeNull();
  });
});

describe('GET /api/pickup/code/{code} and /qrCode/{code}', () => {
  it('finds a paid order by its code, with the eligibility verdict, and records the attempt', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const res = await get(desk, `/api/pickup/code/${order.pickupCode.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.attemptStatus).toBe('pending');
    expect(body.order).toMatchObject({
      orderId: order.id,
      orderNumber: order.orderNumber,
      eligibility: 'Eligible',
      clientOnline: false,
      pickup: null,
    });
    expect(body.order.items).toHaveLength(1);
    const attempts = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.orderId, order.id));
    expect(attempts.map((a) => [a.method, a.status])).toEqual([['code', 'pending']]);
  });

  it('answers InvalidPickupCode for an unknown code and records the invalid attempt', async () => {
    const desk = await staffOnShift();
    const before = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.presented, 'ZZZZ99'));
    const res = await get(desk, '/api/pickup/code/ZZZZ99');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ type: 'InvalidPickupCode' });
    const after = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.presented, 'ZZZZ99'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.status).toBe('invalid');
  });

  it('rejects malformed codes with a clear 400', async () => {
    const desk = await staffOnShift();
    const res = await get(desk, '/api/pickup/code/a%20b');
    expect(res.statusCode).toBe(400);
    expect(isErrorObject(res.json())).toBe(true);
  });

  it('blocks an unpaid order and says why', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId, { paid: false });
    const res = await get(desk, `/api/pickup/code/${order.pickupCode}`);
    expect(res.json()).toMatchObject({ attemptStatus: 'blocked', order: { eligibility: 'NotPaid' } });
  });

  it('finds an order by the token of its QR code and refuses a forged one', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const mine = await get(owner, `/api/order/pickup/${order.id}`);
    const token = mine.json().qrToken as string;
    const ok = await get(desk, `/api/pickup/qrCode/${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().order.orderId).toBe(order.id);
    const forged = await get(desk, `/api/pickup/qrCode/${token.slice(0, -4)}AAAA`);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ type: 'InvalidPickupCode' });
  });

  it('is for staff on a shift only', async () => {
    const owner = await signInAs(app, phone());
    const order = await createPaidOrder(app, owner.clientId);
    expect((await get(null, `/api/pickup/code/${order.pickupCode}`)).statusCode).toBe(401);
    const asClient = await get(owner, `/api/pickup/code/${order.pickupCode}`);
    expect(asClient.statusCode).toBe(403);
    const associate = await signInAs(app, '08010000003');
    const offShift = await get(associate, `/api/pickup/code/${order.pickupCode}`);
    expect(offShift.statusCode).toBe(403);
    expect(offShift.json().additionalInfo).toMatchObject({ reason: 'NoActiveShift' });
  });
});

describe('POST /api/pickup/find without the owner’s phone connected', () => {
  it('shows the order and asks nobody: the desk offers a texted code', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const res = await post(desk, '/api/pickup/find', { code: order.pickupCode });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      attemptStatus: 'pending',
      asked: false,
      order: { orderId: order.id, eligibility: 'Eligible', clientOnline: false, pickup: null },
    });
    expect(await app.db.select().from(pickups).where(eq(pickups.orderId, order.id))).toHaveLength(0);
  });

  it('answers InvalidPickupCode for an unknown code, and 400 for a body that is neither a code nor a QR code', async () => {
    const desk = await staffOnShift();
    const unknown = await post(desk, '/api/pickup/find', { code: 'ZZZZ98' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ type: 'InvalidPickupCode' });
    for (const body of [{}, { code: 'a b' }, { code: 'ZZZZ98', qr: 'x.y' }, { orderId: randomUUID() }]) {
      const res = await post(desk, '/api/pickup/find', body);
      expect(res.statusCode).toBe(400);
      expect(isErrorObject(res.json())).toBe(true);
    }
  });

  it('shares one budget of code tries between the code, the QR code and the find', async () => {
    const desk = await staffOnShift();
    // A device of its own: the other tests' tries come from the default address.
    const from = { remoteAddress: '10.9.8.7' };
    const tries = [
      () => injectAs(app, desk, { method: 'GET', url: '/api/pickup/code/ZZZZ97', ...from }),
      () => injectAs(app, desk, { method: 'GET', url: '/api/pickup/qrCode/x.y', ...from }),
      () => injectAs(app, desk, { method: 'POST', url: '/api/pickup/find', payload: { code: 'ZZZZ97' }, ...from }),
    ];
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      for (const attempt of tries) statuses.push((await attempt()).statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    for (const attempt of tries) {
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ type: 'RateLimited' });
    }
  });

  it('is for staff on a shift only', async () => {
    const owner = await signInAs(app, phone());
    const order = await createPaidOrder(app, owner.clientId);
    expect((await post(null, '/api/pickup/find', { code: order.pickupCode })).statusCode).toBe(401);
    expect((await post(owner, '/api/pickup/find', { code: order.pickupCode })).statusCode).toBe(403);
    expect(await app.db.select().from(pickups).where(eq(pickups.orderId, order.id))).toHaveLength(0);
  });
});

describe('POST /api/pickup/verify and the client’s answer over HTTP', () => {
  it('opens one request (a retry with the same key answers the same), and the owner’s approval delivers once', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const first = await post(desk, '/api/pickup/verify', { orderId: order.id }, { 'idempotency-key': `k-${order.id}` });
    expect(first.statusCode).toBe(200);
    const again = await post(desk, '/api/pickup/verify', { orderId: order.id }, { 'idempotency-key': `k-${order.id}` });
    expect(again.json()).toEqual(first.json());
    const pickupId = first.json().pickup.id as string;
    expect(first.json().pickup).toMatchObject({ status: 'Pending', confirmationAction: 'ClientOffLine' });

    const dup = await post(desk, '/api/pickup/verify', { orderId: order.id });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().additionalInfo).toMatchObject({ event: 'duplicatedRequest' });

    const view = await get(owner, `/api/order/pickup/${order.orderNumber}`);
    expect(view.json().pickup).toMatchObject({ id: pickupId, status: 'Pending' });

    const approve = await post(owner, `/api/order/pickup/${order.id}/respond`, { pickupId, action: 'Approve' });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'Delivered', isDelivered: true, pickupCode: null, qrToken: null });
    const twice = await post(owner, `/api/order/pickup/${order.id}/respond`, { pickupId, action: 'Approve' });
    expect(twice.statusCode).toBe(200);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Delivered');

    const after = await post(desk, '/api/pickup/verify', { orderId: order.id });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ type: 'OrderPickedUpAlready' });
  });

  it('refuses an answer sent under another order of the same client, changing nothing', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const other = await createPaidOrder(app, owner.clientId);
    const opened = await post(desk, '/api/pickup/verify', { orderId: order.id });
    const pickupId = opened.json().pickup.id as string;
    const res = await post(owner, `/api/order/pickup/${other.id}/respond`, { pickupId, action: 'Approve' });
    expect(res.statusCode).toBe(404);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.isDelivered).toBe(false);
  });

  it('refuses an unpaid order and a staff member’s own order, changing nothing', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const unpaid = await createPaidOrder(app, owner.clientId, { paid: false });
    const res = await post(desk, '/api/pickup/verify', { orderId: unpaid.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().additionalInfo).toMatchObject({ event: 'PickupEligibilityStatus', status: 'NotPaid' });
    const own = await createPaidOrder(app, desk.clientId);
    const mine = await post(desk, '/api/pickup/verify', { orderId: own.id });
    expect(mine.statusCode).toBe(403);
    expect(mine.json().additionalInfo).toMatchObject({ event: 'staffApproveOwnOrder' });
    const open = await app.db.select().from(pickups).where(eq(pickups.orderId, own.id));
    expect(open).toHaveLength(0);
  });

  it('rejects bad input with a 400 error object', async () => {
    const desk = await staffOnShift();
    const res = await post(desk, '/api/pickup/verify', { orderId: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'InvalidInput' });
  });
});

describe('the client’s pickup views', () => {
  it('lists the client’s paid pickup orders with their codes, and hides other clients’ orders', async () => {
    const owner = await signInAs(app, phone());
    const other = await signInAs(app, phone());
    const paid = await createPaidOrder(app, owner.clientId);
    const unpaid = await createPaidOrder(app, owner.clientId, { paid: false });
    const home = await createPaidOrder(app, owner.clientId, { deliveryOption: 'HomeDelivery' });
    const list = await get(owner, '/api/order/pickup');
    expect(list.statusCode).toBe(200);
    const ids = list.json().orders.map((o: { orderId: string }) => o.orderId);
    expect(ids).toContain(paid.id);
    expect(ids).not.toContain(unpaid.id);
    expect(ids).not.toContain(home.id);
    const entry = list.json().orders.find((o: { orderId: string }) => o.orderId === paid.id);
    expect(entry).toMatchObject({ pickupCode: paid.pickupCode, eligibility: 'Eligible' });
    expect(verifyOrderQrToken(app.config.SESSION_SECRET, entry.qrToken)).toEqual({ orderId: paid.id });

    const foreign = await get(other, `/api/order/pickup/${paid.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).not.toHaveProperty('pickupCode');
    const otherList = await get(other, '/api/order/pickup');
    expect(otherList.json().orders).toEqual([]);
  });
});

describe('disputes', () => {
  it('the owner raises one; the order is then not eligible; a different second one conflicts', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const res = await post(owner, `/api/order/pickup/${order.id}/dispute`, { dispute: 'SomeOneElseClaim' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      pickupDispute: 'SomeOneElseClaim',
      eligibility: 'DisputeExists',
      qrToken: null,
    });
    const same = await post(owner, `/api/order/pickup/${order.id}/dispute`, { dispute: 'SomeOneElseClaim' });
    expect(same.statusCode).toBe(200);
    const clash = await post(desk, `/api/pickup/dispute/${order.id}`, { dispute: 'InvalidPickup' });
    expect(clash.statusCode).toBe(409);
    const verify = await post(desk, '/api/pickup/verify', { orderId: order.id });
    expect(verify.json().additionalInfo).toMatchObject({ status: 'DisputeExists' });
  });

  it('the counter raises one, which closes the open request', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    const opened = await post(desk, '/api/pickup/verify', { orderId: order.id });
    const pickupId = opened.json().pickup.id as string;
    const res = await post(desk, `/api/pickup/dispute/${order.id}`, { dispute: 'InvalidPickup', note: 'ID mismatch' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ pickupDispute: 'InvalidPickup', eligibility: 'DisputeExists' });
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, pickupId));
    expect(row).toMatchObject({ status: 'Cancelled', closeReason: 'Dispute' });
    const approve = await post(owner, `/api/order/pickup/${order.id}/respond`, { pickupId, action: 'Approve' });
    expect(approve.statusCode).toBe(409);
  });

  it('a client cannot dispute another client’s order', async () => {
    const owner = await signInAs(app, phone());
    const other = await signInAs(app, phone());
    const order = await createPaidOrder(app, owner.clientId);
    const res = await post(other, `/api/order/pickup/${order.id}/dispute`, { dispute: 'InvalidPickup' });
    expect(res.statusCode).toBe(404);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.pickupDispute).toBe('none');
  });
});

describe('GET /api/admin/pickup/{id}', () => {
  it('answers the history of requests and attempts, by order id or pickup id', async () => {
    const owner = await signInAs(app, phone());
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, owner.clientId);
    await get(desk, `/api/pickup/code/${order.pickupCode}`);
    const opened = await post(desk, '/api/pickup/verify', { orderId: order.id });
    const pickupId = opened.json().pickup.id as string;
    for (const id of [order.id, pickupId]) {
      const res = await get(desk, `/api/admin/pickup/${id}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.order.orderId).toBe(order.id);
      expect(body.pickups.map((p: { id: string }) => p.id)).toEqual([pickupId]);
      expect(body.attempts.map((a: { method: string }) => a.method).sort()).toEqual(['code', 'request']);
    }
    const missing = await get(desk, '/api/admin/pickup/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await get(owner, `/api/admin/pickup/${order.id}`)).statusCode).toBe(403);
  });
});
