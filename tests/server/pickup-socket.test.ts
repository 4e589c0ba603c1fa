import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_TIMINGS } from '../../src/domain/realtime-events';
import { signOrderQrToken } from '../../src/server/modules/order/qr-token';
import { orders } from '../../src/server/modules/order/tables';
import { pickupAttempts, pickups } from '../../src/server/modules/pickup/tables';
import {
  connectPickupSocket,
  createPaidOrder,
  nextEvent,
  type PickupSocket,
  putOnShift,
  recordEvents,
  tokenOf,
} from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
let url: string;
const sockets: PickupSocket[] = [];

const phone = () => `0802${String(randomInt(10_000_000)).padStart(7, '0')}`;

async function client() {
  const session = await signInAs(app, phone());
  const socket = await connectPickupSocket(url, { token: tokenOf(session.cookie), platform: 'mobile' });
  sockets.push(socket);
  return { session, socket };
}

async function counter() {
  const session = await signInAs(app, phone());
  const staffId = await putOnShift(app, session.clientId);
  const socket = await connectPickupSocket(url, { cookie: session.cookie });
  sockets.push(socket);
  return { session, socket, staffId };
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}`;
  app.pickupChannel.configure({ sweepIntervalMs: 50 });
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await app.close();
});

describe('pickup channel: the confirmation round trip', () => {
  it('asks the owner, and an approval marks the order Delivered once', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);

    const prompt = nextEvent(owner.socket, 'requestPickupConfirmation', (p) => p.orderId === order.id);
    const opened = nextEvent(desk.socket, 'requestConfirmationStaff', (p) => p.orderId === order.id);
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(ack).toMatchObject({ ok: true });
    const request = await prompt;
    expect(request.orderNumber).toBe(order.orderNumber);
    expect((await opened).clientOnline).toBe(true);

    const seen = nextEvent(desk.socket, 'pingStaff', (p) => p.pickupId === request.pickupId);
    owner.socket.emit('pingStaff', { pickupId: request.pickupId });
    await seen;

    const approval = nextEvent(desk.socket, 'StaffConfirmApproval', (p) => p.pickupId === request.pickupId);
    const decision = nextEvent(desk.socket, 'pickupConfirmationResponseStaff', (p) => p.pickupId === request.pickupId);
    const handed = nextEvent(owner.socket, 'staffConfirm', (p) => p.pickupId === request.pickupId);
    const answer = await owner.socket.emitWithAck('pickupConfirmationResponse', {
      pickupId: request.pickupId,
      action: 'Approve',
    });
    expect(answer.ok).toBe(true);
    expect((await decision).action).toBe('Approve');
    expect((await approval).orderNumber).toBe(order.orderNumber);
    await handed;

    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ status: 'Delivered', isDelivered: true });
    expect(row?.deliveredAt).toBeInstanceOf(Date);

    // A second approval (a double tap, a retry) changes nothing.
    const again = await owner.socket.emitWithAck('pickupConfirmationResponse', {
      pickupId: request.pickupId,
      action: 'Approve',
    });
    expect(again.ok).toBe(true);
    const [after] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after?.deliveredAt?.getTime()).toBe(row?.deliveredAt?.getTime());
    const completed = await app.db.select().from(pickups).where(eq(pickups.orderId, order.id));
    expect(completed.map((p) => p.status)).toEqual(['Completed']);

    // And the counter cannot ask again.
    const refused = nextEvent(desk.socket, 'OrderAlreadyPickup', (p) => p.orderId === order.id);
    const retry = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(retry).toMatchObject({ ok: false, event: 'OrderAlreadyPickup' });
    await refused;
  });
});

async function open(
  desk: Awaited<ReturnType<typeof counter>>,
  owner: Awaited<ReturnType<typeof client>>,
  orderId: string,
) {
  const prompt = nextEvent(owner.socket, 'requestPickupConfirmation', (p) => p.orderId === orderId);
  const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId });
  expect(ack.ok).toBe(true);
  return prompt;
}

async function orderRow(id: string) {
  const [row] = await app.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('order missing');
  return row;
}

describe('the order found and its owner asked in one call (POST /api/pickup/find)', () => {
  const find = (session: Session, body: unknown, key?: string) =>
    injectAs(app, session, {
      method: 'POST',
      url: '/api/pickup/find',
      payload: body as Record<string, unknown>,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const requestsOf = (orderId: string) => app.db.select().from(pickups).where(eq(pickups.orderId, orderId));

  it('prompts the connected owner of a paid order they collect; a retry with the key answers the same', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const prompt = nextEvent(owner.socket, 'requestPickupConfirmation', (p) => p.orderId === order.id);
    const first = await find(desk.session, { code: order.pickupCode }, `find-${order.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      attemptStatus: 'pending',
      asked: true,
      order: { orderId: order.id, eligibility: 'Eligible', clientOnline: true, pickup: { status: 'Pending' } },
    });
    expect((await prompt).pickupId).toBe(first.json().order.pickup.id);
    const again = await find(desk.session, { code: order.pickupCode }, `find-${order.id}`);
    expect(again.json()).toEqual(first.json());
    // Found again with a new key while the request waits (the desk reloaded): the same request,
    // taken up again, not asked twice.
    const later = await find(desk.session, { code: order.pickupCode });
    expect(later.json()).toMatchObject({ asked: true, order: { pickup: { id: first.json().order.pickup.id } } });
    // Another counter finding it meanwhile is shown the order, not this counter's request as its own.
    const other = await counter();
    const elsewhere = await find(other.session, { code: order.pickupCode });
    expect(elsewhere.json()).toMatchObject({ asked: false, order: { pickup: { id: first.json().order.pickup.id } } });
    expect(await requestsOf(order.id)).toHaveLength(1);
    const attempts = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.orderId, order.id));
    expect(attempts.map((a) => `${a.method}:${a.status}`).sort()).toEqual([
      'code:pending',
      'code:pending',
      'code:pending',
      'request:pending',
    ]);
  });

  it('finds by the QR code too', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const qr = signOrderQrToken(app.config.SESSION_SECRET, order.id);
    const res = await find(desk.session, { qr });
    expect(res.json()).toMatchObject({ asked: true, order: { orderId: order.id, pickup: { status: 'Pending' } } });
  });

  it('only shows what needs checking first: a nominee’s ID, an unpaid order, the staff’s own', async () => {
    const owner = await client();
    const desk = await counter();
    const nominee = await createPaidOrder(app, owner.session.clientId, {
      nominee: { name: 'Bola', phone: '08030000000' },
    });
    const unpaid = await createPaidOrder(app, owner.session.clientId, { paid: false });
    const own = await createPaidOrder(app, desk.session.clientId);
    for (const [order, eligibility] of [
      [nominee, 'Eligible'],
      [unpaid, 'NotPaid'],
      [own, 'Eligible'],
    ] as const) {
      const res = await find(desk.session, { code: order.pickupCode });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ asked: false, order: { orderId: order.id, eligibility, pickup: null } });
      expect(await requestsOf(order.id)).toHaveLength(0);
    }
  });
});

describe('pickup channel: refusals', () => {
  it('refuses a second request for the same order from the same counter (duplicatedRequest)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const first = await open(desk, owner, order.id);
    const dup = nextEvent(desk.socket, 'duplicatedRequest', (p) => p.orderId === order.id);
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(ack).toMatchObject({ ok: false, event: 'duplicatedRequest', pickupId: first.pickupId });
    expect((await dup).sameStaff).toBe(true);
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: first.pickupId });
  });

  it('tells a busy counter to finish its open request first (staffBusy)', async () => {
    const owner = await client();
    const desk = await counter();
    const a = await createPaidOrder(app, owner.session.clientId);
    const b = await createPaidOrder(app, owner.session.clientId);
    const first = await open(desk, owner, a.id);
    const busy = nextEvent(desk.socket, 'staffBusy');
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: b.id });
    expect(ack).toMatchObject({ ok: false, event: 'staffBusy' });
    expect(await busy).toMatchObject({ pendingPickupId: first.pickupId, pendingOrderNumber: a.orderNumber });
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: first.pickupId });
  });

  it('refuses a staff member handing over their own order (staffApproveOwnOrder)', async () => {
    const desk = await counter();
    const order = await createPaidOrder(app, desk.session.clientId);
    const refused = nextEvent(desk.socket, 'staffApproveOwnOrder');
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(ack).toMatchObject({ ok: false, event: 'staffApproveOwnOrder' });
    expect((await refused).orderId).toBe(order.id);
    expect((await orderRow(order.id)).isDelivered).toBe(false);
  });

  it('gives the eligibility verdict for an unpaid order (PickupEligibilityStatus)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId, { paid: false });
    const verdict = nextEvent(desk.socket, 'PickupEligibilityStatus');
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(ack).toMatchObject({ ok: false, event: 'PickupEligibilityStatus' });
    expect((await verdict).status).toBe('NotPaid');
  });

  it('answers orderNotFound for an unknown order', async () => {
    const desk = await counter();
    const missing = '00000000-0000-4000-8000-000000000000';
    const notFound = nextEvent(desk.socket, 'orderNotFound');
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: missing });
    expect(ack).toMatchObject({ ok: false, event: 'orderNotFound' });
    expect((await notFound).orderId).toBe(missing);
  });

  it('refuses staff without a shift and clients (StaffCheckError)', async () => {
    const owner = await client();
    const order = await createPaidOrder(app, owner.session.clientId);
    const other = await client();
    const check = nextEvent(other.socket, 'StaffCheckError');
    const ack = await other.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(ack).toMatchObject({ ok: false, event: 'StaffCheckError' });
    expect((await check).reason).toBe('NotStaff');

    // The seeded sales associate is staff but not on a shift.
    const associate = await signInAs(app, '08010000003');
    const offShift = await connectPickupSocket(url, { cookie: associate.cookie });
    sockets.push(offShift);
    const noShift = nextEvent(offShift, 'StaffCheckError');
    await offShift.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect((await noShift).reason).toBe('NoActiveShift');
  });

  it('asks the counter to check the nominee first (requestConfirmationError), then names them', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId, {
      nominee: { name: 'Tunde Bakare', phone: '08031234567' },
    });
    const error = nextEvent(desk.socket, 'requestConfirmationError');
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(ack).toMatchObject({ ok: false, event: 'requestConfirmationError' });
    expect((await error).message).toContain('Tunde Bakare');

    const prompt = nextEvent(owner.socket, 'requestPickupConfirmation', (p) => p.orderId === order.id);
    const ok = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id, nomineeVerified: true });
    expect(ok.ok).toBe(true);
    const request = await prompt;
    expect(request.nomineeName).toBe('Tunde Bakare');
    const approval = nextEvent(desk.socket, 'StaffConfirmApproval', (p) => p.pickupId === request.pickupId);
    await owner.socket.emitWithAck('pickupConfirmationResponse', { pickupId: request.pickupId, action: 'Approve' });
    expect((await approval).nomineeName).toBe('Tunde Bakare');
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, request.pickupId));
    expect(row?.nomineeVerified).toBe(true);
  });

  it('validates every payload at runtime (pickupError) and changes nothing', async () => {
    const desk = await counter();
    const error = nextEvent(desk.socket, 'pickupError', (p) => p.event === 'requestConfirmationStaff');
    const ack = await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: 'not-a-uuid' });
    expect(ack).toMatchObject({ ok: false, event: 'pickupError' });
    expect((await error).message).toMatch(/orderId/);
    const owner = await client();
    const bad = nextEvent(owner.socket, 'pickupError', (p) => p.event === 'pickupConfirmationResponse');
    // A tampered client sends an action the protocol does not have.
    const tampered = { pickupId: '00000000-0000-4000-8000-000000000000', action: 'Steal' };
    owner.socket.emit('pickupConfirmationResponse', tampered as unknown as { pickupId: string; action: 'Approve' });
    expect((await bad).message).toMatch(/action/);
  });

  it('does not let another client answer someone else’s request', async () => {
    const owner = await client();
    const intruder = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const error = nextEvent(intruder.socket, 'pickupError');
    const ack = await intruder.socket.emitWithAck('pickupConfirmationResponse', {
      pickupId: request.pickupId,
      action: 'Approve',
    });
    expect(ack.ok).toBe(false);
    await error;
    expect((await orderRow(order.id)).isDelivered).toBe(false);
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: request.pickupId });
  });
});

describe('pickup channel: decisions and cancellation', () => {
  it('records a rejection with a dispute, and the order is then refused (DisputeExists)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const decision = nextEvent(desk.socket, 'pickupConfirmationResponseStaff', (p) => p.pickupId === request.pickupId);
    const mine = nextEvent(owner.socket, 'pickupConfirmationResponse', (p) => p.pickupId === request.pickupId);
    await owner.socket.emitWithAck('pickupConfirmationResponse', {
      pickupId: request.pickupId,
      action: 'Rejected',
      dispute: 'SomeOneElseClaim',
    });
    expect(await decision).toMatchObject({ action: 'Rejected', status: 'ClientReject', dispute: 'SomeOneElseClaim' });
    expect((await mine).status).toBe('ClientReject');
    expect(await orderRow(order.id)).toMatchObject({
      status: 'ClientRejectPickup',
      pickupDispute: 'SomeOneElseClaim',
      isDelivered: false,
    });
    const verdict = nextEvent(desk.socket, 'PickupEligibilityStatus');
    await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect((await verdict).status).toBe('DisputeExists');
  });

  it('lets the counter cancel; the client’s prompt closes and a late approval changes nothing', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const closed = nextEvent(owner.socket, 'ClientRequestCancelled', (p) => p.pickupId === request.pickupId);
    const confirmed = nextEvent(desk.socket, 'StaffCancelRequest', (p) => p.pickupId === request.pickupId);
    const ack = await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: request.pickupId });
    expect(ack.ok).toBe(true);
    expect((await closed).reason).toBe('StaffCancelled');
    expect((await confirmed).status).toBe('Cancelled');
    const late = await owner.socket.emitWithAck('pickupConfirmationResponse', {
      pickupId: request.pickupId,
      action: 'Approve',
    });
    expect(late).toMatchObject({ ok: false, event: 'ClientRequestCancelled' });
    expect((await orderRow(order.id)).isDelivered).toBe(false);
  });

  it('lets the counter refuse the hand-over (StaffRejectPickup)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const closed = nextEvent(owner.socket, 'ClientRequestCancelled', (p) => p.pickupId === request.pickupId);
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: request.pickupId, reason: 'reject' });
    expect((await closed).reason).toBe('StaffRejected');
    expect((await orderRow(order.id)).status).toBe('StaffRejectPickup');
  });

  it('forwards a client-side failure to the counter (ClientExperiencingError)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const trouble = nextEvent(desk.socket, 'ClientExperiencingError', (p) => p.pickupId === request.pickupId);
    owner.socket.emit('ClientExperiencingError', { pickupId: request.pickupId, message: 'Camera crashed' });
    expect((await trouble).message).toBe('Camera crashed');
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: request.pickupId });
  });
});

describe('pickup channel: a client offline or slow', () => {
  it('waits for an offline client (clientOffLine) and delivers the request when they connect (ClientBackOnline)', async () => {
    const ownerSession = await signInAs(app, phone());
    const desk = await counter();
    const order = await createPaidOrder(app, ownerSession.clientId);
    const offline = nextEvent(desk.socket, 'clientOffLine', (p) => p.orderId === order.id);
    const opened = nextEvent(desk.socket, 'requestConfirmationStaff', (p) => p.orderId === order.id);
    await desk.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect((await opened).clientOnline).toBe(false);
    const notice = await offline;

    const back = nextEvent(desk.socket, 'ClientBackOnline', (p) => p.pickupId === notice.pickupId);
    let delivered: Promise<unknown> | undefined;
    const phoneSocket = await connectPickupSocket(
      url,
      { token: tokenOf(ownerSession.cookie), platform: 'mobile' },
      5000,
      (s) => {
        delivered = nextEvent(s, 'requestPickupConfirmation', (p) => p.pickupId === notice.pickupId);
      },
    );
    sockets.push(phoneSocket);
    expect(await delivered).toMatchObject({ orderId: order.id, orderNumber: order.orderNumber });
    await back;
    const approval = nextEvent(desk.socket, 'StaffConfirmApproval', (p) => p.pickupId === notice.pickupId);
    await phoneSocket.emitWithAck('pickupConfirmationResponse', { pickupId: notice.pickupId, action: 'Approve' });
    await approval;
    expect((await orderRow(order.id)).status).toBe('Delivered');
  });

  it('tells the counter when the client drops during a request (ClientOffLine)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const gone = nextEvent(desk.socket, 'ClientOffLine', (p) => p.pickupId === request.pickupId);
    owner.socket.close();
    await gone;
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, request.pickupId));
    expect(row?.confirmationAction).toBe('ClientOffLine');
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: request.pickupId });
  });

  it('pings the client: an answer (pingClientResponse) and a silence (pingClientNoResponse)', async () => {
    const owner = await client();
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);

    const ping = nextEvent(owner.socket, 'pingClient', (p) => p.pickupId === request.pickupId);
    const pong = nextEvent(desk.socket, 'pingClientResponse', (p) => p.pickupId === request.pickupId);
    await desk.socket.emitWithAck('pingClient', { pickupId: request.pickupId });
    const { pingId } = await ping;
    await owner.socket.emitWithAck('pingClientResponse', { pickupId: request.pickupId, pingId });
    await pong;

    app.pickupChannel.configure({ pingTimeoutMs: 200 });
    try {
      const silence = nextEvent(desk.socket, 'pingClientNoResponse', (p) => p.pickupId === request.pickupId);
      await desk.socket.emitWithAck('pingClient', { pickupId: request.pickupId });
      expect((await silence).waitedMs).toBeGreaterThanOrEqual(200);
    } finally {
      app.pickupChannel.configure({ pingTimeoutMs: PICKUP_TIMINGS.pingTimeoutMs });
    }
    await desk.socket.emitWithAck('StaffCancelRequest', { pickupId: request.pickupId });
  });

  it('warns of a slow client (ClientDelayResponse, CancelWarning) and expires the request (ClientRequestCancelled)', async () => {
    app.pickupChannel.configure({ confirmationTimeoutMs: 1200, clientDelayMs: 300, cancelWarningBeforeMs: 600 });
    try {
      const owner = await client();
      const desk = await counter();
      const order = await createPaidOrder(app, owner.session.clientId);
      const staffEvents = recordEvents(desk.socket);
      const request = await open(desk, owner, order.id);
      const delay = nextEvent(desk.socket, 'ClientDelayResponse', (p) => p.pickupId === request.pickupId);
      const warnStaff = nextEvent(desk.socket, 'CancelWarning', (p) => p.pickupId === request.pickupId);
      const warnClient = nextEvent(owner.socket, 'CancelWarning', (p) => p.pickupId === request.pickupId);
      const expiredStaff = nextEvent(desk.socket, 'ClientRequestCancelled', (p) => p.pickupId === request.pickupId);
      const expiredClient = nextEvent(owner.socket, 'ClientRequestCancelled', (p) => p.pickupId === request.pickupId);
      await delay;
      expect((await warnStaff).secondsLeft).toBeLessThanOrEqual(1);
      await warnClient;
      expect((await expiredStaff).reason).toBe('Expired');
      expect((await expiredClient).reason).toBe('Expired');
      // Each notice is sent once, however many sweeps ran.
      const names = staffEvents.map((e) => e.name);
      expect(names.filter((n) => n === 'ClientDelayResponse')).toHaveLength(1);
      expect(names.filter((n) => n === 'CancelWarning')).toHaveLength(1);
      const late = await owner.socket.emitWithAck('pickupConfirmationResponse', {
        pickupId: request.pickupId,
        action: 'Approve',
      });
      expect(late).toMatchObject({ ok: false, event: 'ClientRequestCancelled' });
      expect((await orderRow(order.id)).isDelivered).toBe(false);
    } finally {
      app.pickupChannel.configure({ ...PICKUP_TIMINGS });
    }
  });
});

describe('pickup channel: races', () => {
  it('two counters racing on one order: one gets the request, the other is refused, and after the hand-over OrderAlreadyPickup', async () => {
    const owner = await client();
    const a = await counter();
    const b = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    // Counter B looked the order up, so it follows the order live.
    const lookup = await injectAs(app, b.session, { method: 'GET', url: `/api/pickup/order/${order.id}` });
    expect(lookup.statusCode).toBe(200);

    const [ackA, ackB] = await Promise.all([
      a.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id }),
      b.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id }),
    ]);
    const winners = [ackA, ackB].filter((x) => x.ok);
    const losers = [ackA, ackB].filter((x) => !x.ok);
    expect(winners).toHaveLength(1);
    expect(losers[0]?.event).toBe('duplicatedRequest');
    const winner = ackA.ok ? a : b;
    const loser = ackA.ok ? b : a;
    const pickupId = winners[0]?.pickupId ?? '';

    const seenByLoser = nextEvent(loser.socket, 'StaffConfirmApproval', (p) => p.orderId === order.id);
    const seenByWinner = nextEvent(winner.socket, 'StaffConfirmApproval', (p) => p.orderId === order.id);
    await owner.socket.emitWithAck('pickupConfirmationResponse', { pickupId, action: 'Approve' });
    await seenByWinner;
    if (loser === b) {
      // B looked the order up, so it follows the order and sees the other counter's hand-over.
      expect((await seenByLoser).pickupId).toBe(pickupId);
    } else {
      seenByLoser.catch(() => {});
    }

    const refused = nextEvent(loser.socket, 'OrderAlreadyPickup', (p) => p.orderId === order.id);
    const again = await loser.socket.emitWithAck('requestConfirmationStaff', { orderId: order.id });
    expect(again).toMatchObject({ ok: false, event: 'OrderAlreadyPickup' });
    await refused;
    expect((await orderRow(order.id)).status).toBe('Delivered');
  });

  it('two devices of the owner approving at once deliver the order exactly once', async () => {
    const owner = await client();
    const second = await connectPickupSocket(url, { token: tokenOf(owner.session.cookie) });
    sockets.push(second);
    const desk = await counter();
    const order = await createPaidOrder(app, owner.session.clientId);
    const request = await open(desk, owner, order.id);
    const approvals = recordEvents(desk.socket);
    const approved = nextEvent(desk.socket, 'StaffConfirmApproval', (p) => p.pickupId === request.pickupId);
    const results = await Promise.all([
      owner.socket.emitWithAck('pickupConfirmationResponse', { pickupId: request.pickupId, action: 'Approve' }),
      second.emitWithAck('pickupConfirmationResponse', { pickupId: request.pickupId, action: 'Approve' }),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    await approved;
    const rows = await app.db.select().from(pickups).where(eq(pickups.orderId, order.id));
    expect(rows.filter((r) => r.status === 'Completed')).toHaveLength(1);
    expect(approvals.filter((e) => e.name === 'StaffConfirmApproval')).toHaveLength(1);
  });
});

describe('pickup channel: authentication', () => {
  it('refuses a handshake without a valid session', async () => {
    await expect(connectPickupSocket(url, {})).rejects.toThrow(/UnAuthorized/);
    await expect(connectPickupSocket(url, { token: 'forged.token' })).rejects.toThrow(/TokenVerificationError/);
  });

  it('refuses a browser page of another site', async () => {
    const session = await signInAs(app, phone());
    const { io } = await import('socket.io-client');
    const foreign = io(url, {
      path: '/socket.io',
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { origin: 'https://evil.example', cookie: session.cookie },
    });
    const outcome = await new Promise<string>((resolve) => {
      foreign.once('connect', () => resolve('connected'));
      foreign.once('connect_error', () => resolve('refused'));
    });
    foreign.close();
    expect(outcome).toBe('refused');
  });
});

describe('the bench scenario', () => {
  it('runs N connected pairs and measures each confirmation round trip', async () => {
    const { runPickupBench } = await import('../../bench/scenarios/pickup');
    const result = await runPickupBench(app, { clients: 4, rounds: 2 });
    expect(result).toMatchObject({ pairs: 4, confirmations: 8, errors: 0 });
    expect(result.p50Ms).toBeGreaterThan(0);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
    app.pickupChannel.configure({ sweepIntervalMs: 50 });
  });
});
