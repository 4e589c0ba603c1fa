import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/domain/enums';
import { otpCodes } from '../../src/server/modules/auth/tables';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { pickupAttempts, pickups } from '../../src/server/modules/pickup/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

// Hand-over without the client's app: a code texted to the owner, or a supervisor's approval
// (src/server/modules/pickup/README.md, "Hand-over without data").

let app: FastifyInstance;
const phone = () => `0803${String(randomInt(10_000_000)).padStart(7, '0')}`;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function staffOnShift(role: StaffRole = 'Sales Associate', access: string[] = ['Staff']) {
  const number = phone();
  const session = await signInAs(app, number);
  const staffId = await putOnShift(app, session.clientId);
  await app.db
    .update(staff)
    .set({ role, access: access as never })
    .where(eq(staff.id, staffId));
  return { ...session, staffId, number };
}

async function owner() {
  const number = phone();
  return { ...(await signInAs(app, number)), number };
}

const post = (session: Session | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  injectAs(app, session, { method: 'POST', url, payload: payload as Record<string, unknown>, headers });

/** The newest hand-over code texted to this number for this order, read from the sandbox outbox. */
function codeSentTo(number: string, orderNumber: string): string {
  const message = app.sms.outbox.list(number).find((m) => m.body.includes(orderNumber));
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no hand-over code for ${orderNumber} in the outbox`);
  return code;
}

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

const orderRow = async (id: string) => (await app.db.select().from(orders).where(eq(orders.id, id)))[0];
const completedPickups = (orderId: string) =>
  app.db
    .select()
    .from(pickups)
    .where(and(eq(pickups.orderId, orderId), eq(pickups.status, 'Completed')));

describe('hand-over code texted to the owner', () => {
  it('texts a code to the owner’s phone, hands the order over once, and records the method and who', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, client.clientId);

    const sent = await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      orderId: order.id,
      sentTo: `•••${client.number.slice(-4)}`,
      attemptsAllowed: 5,
    });
    const code = codeSentTo(client.number, order.orderNumber);

    const done = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().pickup).toMatchObject({ status: 'Completed', handoverMethod: 'SmsCode', approvedByName: null });
    expect(done.json().order).toMatchObject({ eligibility: 'AlreadyPickedUp', isDelivered: true });

    const [row] = await completedPickups(order.id);
    expect(row).toMatchObject({ handoverMethod: 'SmsCode', staffId: desk.staffId, approvedByStaffId: null });
    expect(await orderRow(order.id)).toMatchObject({ status: 'Delivered', isDelivered: true });
    const [codeRow] = await app.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.purpose, 'handover'), eq(otpCodes.subjectId, order.id)));
    expect(codeRow).toMatchObject({ closedReason: 'used', clientId: client.clientId });

    // Single use: the same code again hands over nothing.
    const again = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ type: 'OrderPickedUpAlready' });
    expect(await completedPickups(order.id)).toHaveLength(1);
    const delivered = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Delivered')));
    expect(delivered).toHaveLength(1);
  });

  it('burns the code after 5 wrong tries: the right code then hands nothing over', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, client.clientId);
    await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    const code = codeSentTo(client.number, order.orderNumber);

    for (let left = 4; left >= 0; left--) {
      const res = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: 'InvalidOTPCode', additionalInfo: { attemptsLeft: left } });
    }
    const late = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ type: 'InvalidOTPCode', additionalInfo: { attemptsLeft: 0 } });
    expect(await orderRow(order.id)).toMatchObject({ isDelivered: false });
    expect(await completedPickups(order.id)).toHaveLength(0);
    const invalid = await app.db
      .select()
      .from(pickupAttempts)
      .where(
        and(
          eq(pickupAttempts.orderId, order.id),
          eq(pickupAttempts.method, 'sms'),
          eq(pickupAttempts.status, 'invalid'),
        ),
      );
    expect(invalid).toHaveLength(6);

    // A new code works again.
    await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    const fresh = codeSentTo(client.number, order.orderNumber);
    const ok = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, client.clientId);
    await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    const code = codeSentTo(client.number, order.orderNumber);
    await app.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(otpCodes.purpose, 'handover'), eq(otpCodes.subjectId, order.id)));
    const res = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'OTPExpired' });
    expect(await orderRow(order.id)).toMatchObject({ isDelivered: false });
  });

  it('binds a code to its order: it cannot hand over another order of the same client', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const first = await createPaidOrder(app, client.clientId);
    const second = await createPaidOrder(app, client.clientId);
    await post(desk, '/api/pickup/handover-code', { orderId: first.id });
    const firstCode = codeSentTo(client.number, first.orderNumber);

    // No code was sent for the second order: the first one's is worth nothing there.
    const none = await post(desk, '/api/pickup/handover-code/confirm', { orderId: second.id, code: firstCode });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ type: 'InvalidOTPCode' });

    // With a code waiting for the second order, the first one's is a wrong try there.
    await post(desk, '/api/pickup/handover-code', { orderId: second.id });
    const secondCode = codeSentTo(client.number, second.orderNumber);
    if (secondCode !== firstCode) {
      const wrong = await post(desk, '/api/pickup/handover-code/confirm', { orderId: second.id, code: firstCode });
      expect(wrong.json()).toMatchObject({ type: 'InvalidOTPCode', additionalInfo: { attemptsLeft: 4 } });
    }
    expect(await orderRow(second.id)).toMatchObject({ isDelivered: false });
    // And it still works for its own order.
    const own = await post(desk, '/api/pickup/handover-code/confirm', { orderId: first.id, code: firstCode });
    expect(own.statusCode).toBe(200);
  });

  it('keeps only the newest code of an order', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, client.clientId);
    await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    const old = codeSentTo(client.number, order.orderNumber);
    await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    const fresh = codeSentTo(client.number, order.orderNumber);
    if (old !== fresh) {
      const res = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code: old });
      expect(res.statusCode).toBe(400);
    }
    expect((await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code: fresh })).statusCode).toBe(
      200,
    );
  });

  it('sends no code for an order that cannot be handed over, nor for one’s own order', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const unpaid = await createPaidOrder(app, client.clientId, { paid: false });
    const res = await post(desk, '/api/pickup/handover-code', { orderId: unpaid.id });
    expect(res.statusCode).toBe(409);
    expect(app.sms.outbox.list(client.number).some((m) => m.body.includes(unpaid.orderNumber))).toBe(false);

    const mine = await createPaidOrder(app, desk.clientId);
    const own = await post(desk, '/api/pickup/handover-code', { orderId: mine.id });
    expect(own.statusCode).toBe(403);
  });

  it('answers a retry with the same Idempotency-Key without handing over twice', async () => {
    const client = await owner();
    const desk = await staffOnShift();
    const order = await createPaidOrder(app, client.clientId);
    await post(desk, '/api/pickup/handover-code', { orderId: order.id });
    const code = codeSentTo(client.number, order.orderNumber);
    const headers = { 'idempotency-key': `handover-${order.id}` };
    const first = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code }, headers);
    const retry = await post(desk, '/api/pickup/handover-code/confirm', { orderId: order.id, code }, headers);
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().pickup.id).toBe(first.json().pickup.id);
    expect(await completedPickups(order.id)).toHaveLength(1);
  });
});

describe('supervisor approval', () => {
  const reason = 'ID seen: name and photo match the account';

  it('is refused to a Sales Associate, before the request is even read', async () => {
    const client = await owner();
    const desk = await staffOnShift('Sales Associate');
    const order = await createPaidOrder(app, client.clientId);
    const res = await post(desk, '/api/pickup/approve', { orderId: order.id, reason });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ type: 'Forbidden', additionalInfo: { reason: 'NotApprover' } });
    expect(await orderRow(order.id)).toMatchObject({ isDelivered: false });
    // Refused before the request is read: a broken body gets the same 403, not a 400.
    const broken = await post(desk, '/api/pickup/approve', { orderId: 'nope' });
    expect(broken.statusCode).toBe(403);
  });

  it.each([
    ['Cashier', ['Accountant']],
    ['Customer Service', ['Staff']],
  ])('is refused to a %s', async (role, access) => {
    const client = await owner();
    const desk = await staffOnShift(role as StaffRole, access);
    const order = await createPaidOrder(app, client.clientId);
    expect((await post(desk, '/api/pickup/approve', { orderId: order.id, reason })).statusCode).toBe(403);
  });

  it('requires a written reason', async () => {
    const client = await owner();
    const supervisor = await staffOnShift('Shift Supervisor');
    const order = await createPaidOrder(app, client.clientId);
    for (const bad of [{}, { reason: '' }, { reason: '   ok  ' }]) {
      const res = await post(supervisor, '/api/pickup/approve', { orderId: order.id, ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('InvalidInput');
    }
    expect(await orderRow(order.id)).toMatchObject({ isDelivered: false });
  });

  it('lets a Shift Supervisor approve, recording the method, their name and the reason', async () => {
    const client = await owner();
    const supervisor = await staffOnShift('Shift Supervisor');
    const order = await createPaidOrder(app, client.clientId);
    const res = await post(supervisor, '/api/pickup/approve', { orderId: order.id, reason: `  ${reason} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup).toMatchObject({
      status: 'Completed',
      handoverMethod: 'SupervisorApproval',
      approvalReason: reason,
    });
    expect(res.json().pickup.approvedByName).toBeTruthy();
    const [row] = await completedPickups(order.id);
    expect(row).toMatchObject({ approvedByStaffId: supervisor.staffId, approvalReason: reason });
    const [event] = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Delivered')));
    expect(event?.note).toContain(reason);

    const twice = await post(supervisor, '/api/pickup/approve', { orderId: order.id, reason });
    expect(twice.statusCode).toBe(409);
    expect(await completedPickups(order.id)).toHaveLength(1);
  });

  it.each([
    ['Manager', ['Manager']],
    ['CEO', ['CEO']],
  ])('lets a %s approve', async (role, access) => {
    const client = await owner();
    const boss = await staffOnShift(role as StaffRole, access);
    const order = await createPaidOrder(app, client.clientId);
    expect((await post(boss, '/api/pickup/approve', { orderId: order.id, reason })).statusCode).toBe(200);
  });

  it('completes the associate’s waiting request: the associate hands over, the supervisor approved', async () => {
    const client = await owner();
    const desk = await staffOnShift('Sales Associate');
    const supervisor = await staffOnShift('Shift Supervisor');
    const order = await createPaidOrder(app, client.clientId);
    const asked = await post(desk, '/api/pickup/verify', { orderId: order.id });
    expect(asked.statusCode).toBe(200);
    const pickupId = asked.json().pickup.id as string;
    const res = await post(supervisor, '/api/pickup/approve', { orderId: order.id, reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().pickup.id).toBe(pickupId);
    const rows = await app.db.select().from(pickups).where(eq(pickups.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'Completed',
      staffId: desk.staffId,
      approvedByStaffId: supervisor.staffId,
      handoverMethod: 'SupervisorApproval',
    });
    // The owner's late approval on the app changes nothing.
    const late = await post(client, `/api/order/pickup/${order.id}/respond`, { pickupId, action: 'Approve' });
    expect(late.statusCode).toBe(200);
    expect(await completedPickups(order.id)).toHaveLength(1);
  });
});

it('records an approval on the client’s app as ClientApp', async () => {
  const client = await owner();
  const desk = await staffOnShift();
  const order = await createPaidOrder(app, client.clientId);
  const asked = await post(desk, '/api/pickup/verify', { orderId: order.id });
  const pickupId = asked.json().pickup.id as string;
  const res = await post(client, `/api/order/pickup/${order.id}/respond`, { pickupId, action: 'Approve' });
  expect(res.statusCode).toBe(200);
  const [row] = await completedPickups(order.id);
  expect(row?.handoverMethod).toBe('ClientApp');
});
