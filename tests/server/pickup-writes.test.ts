// The hand-over's writes, statement by statement. A staff member's request: one statement when the
// order may be handed over, and the same refusals as before for every order that may not (the
// eligibility rules in SQL agree with pickupEligibility). The owner's approval: the order Delivered
// with its step credited to the staff member who asked, the client's message, the pickup Completed
// with its attempt. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DeliveryOption,
  OrderPickUpDispute,
  OrderStatus,
  PaymentStatus,
  PickupEligibilityStatus,
} from '../../src/domain/enums';
import { pickupEligibility } from '../../src/domain/pickup-eligibility';
import { NotificationKind } from '../../src/domain/schemas/notification';
import { clients } from '../../src/server/modules/client/tables';
import { outboxRowsFor } from '../../src/server/modules/notification/service';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { ineligibility } from '../../src/server/modules/pickup/service';
import { pickupAttempts, pickups } from '../../src/server/modules/pickup/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
let owner: Session;
let desk: Session;
let deskStaffId: string;

beforeAll(async () => {
  app = await buildTestApp({ countQueries: true });
  // The deadlines' sweep (every second) would add its statements to those counted here.
  app.pickupChannel.configure({ sweepIntervalMs: 3_600_000 });
  owner = await signInAs(app, '08039970001');
  desk = await signInAs(app, '08039970002');
  await app.db.update(clients).set({ firstname: 'Amaka', lastname: ' Obi ' }).where(eq(clients.id, desk.clientId));
  deskStaffId = await putOnShift(app, desk.clientId);
});

afterAll(async () => {
  await app?.close();
});

/** The counter asks the owner of `orderId` to confirm (the HTTP twin of the channel's request). */
const verify = (payload: { orderId: string; nomineeVerified?: boolean }) =>
  injectAs(app, desk, { method: 'POST', url: '/api/pickup/verify', payload });

async function ask(orderId: string) {
  const asked = await verify({ orderId });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json() as { pickup: { id: string; staffName: string } };
}

const respond = (orderId: string, pickupId: string, action: 'Approve' | 'Reject') =>
  injectAs(app, owner, {
    method: 'POST',
    url: `/api/order/pickup/${orderId}/respond`,
    payload: { pickupId, action },
  });

const openRequestsOf = (orderId: string) =>
  app.db
    .select()
    .from(pickups)
    .where(and(eq(pickups.orderId, orderId), inArray(pickups.status, ['Pending', 'InProgress'])));

// Whatever a test left open, the staff member is free for the next one.
afterEach(async () => {
  await app.db
    .update(pickups)
    .set({ status: 'Cancelled', closeReason: 'StaffCancelled', completedAt: new Date() })
    .where(and(eq(pickups.staffId, deskStaffId), inArray(pickups.status, ['Pending', 'InProgress'])));
});

describe('a staff member asks the owner to confirm', () => {
  it('an order that may be handed over: the request and its attempt in one statement', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const {
      result: { pickup },
      statements,
    } = await app.database.statementsOf(() => ask(order.id));
    expect(await openRequestsOf(order.id)).toHaveLength(1);
    const attempts = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.pickupId, pickup.id));
    expect(attempts.map((a) => [a.method, a.status, a.reason])).toEqual([['request', 'pending', 'requested']]);
    // The session and the staff member, the request in one with the items and the staff name
    // both ends are shown, then the order's summary for the counter: 11 when the items and the
    // name were read after it, 15 with the request's transaction.
    expect(statements).toBeLessThanOrEqual(9);
  });

  // Every order the SQL must agree with pickupEligibility on: refused with the same verdict, a
  // "blocked" attempt recorded, no request left open.
  const eligible = {
    status: OrderStatus.Paid,
    paymentStatus: PaymentStatus.Success,
    isDelivered: false,
    dispute: OrderPickUpDispute.None,
  } as const;
  const cases = [
    eligible,
    { ...eligible, isDelivered: true },
    { ...eligible, status: OrderStatus.NotPaid, paymentStatus: PaymentStatus.Pending },
    { ...eligible, paymentStatus: PaymentStatus.Failed },
    { ...eligible, status: OrderStatus.Delivered },
    { ...eligible, status: OrderStatus.Cancelled },
    { ...eligible, dispute: OrderPickUpDispute.InvalidPickup },
  ];
  for (const c of cases) {
    const verdict = pickupEligibility({
      status: c.status,
      paymentStatus: c.paymentStatus,
      isDelivered: c.isDelivered,
      pickupDispute: c.dispute,
    });
    it(`${c.status}, payment ${c.paymentStatus}, delivered ${c.isDelivered}, dispute ${c.dispute}: ${verdict}`, async () => {
      const order = await createPaidOrder(app, owner.clientId);
      await app.db
        .update(orders)
        .set({
          status: c.status,
          paymentStatus: c.paymentStatus,
          isDelivered: c.isDelivered,
          pickupDispute: c.dispute,
        })
        .where(eq(orders.id, order.id));
      const asked = await verify({ orderId: order.id });
      const open = await openRequestsOf(order.id);
      const attempts = await app.db.select().from(pickupAttempts).where(eq(pickupAttempts.orderId, order.id));
      const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
      if (!stored) throw new Error('the order is gone');
      // What the step-by-step rules refuse it with (null: it may be handed over).
      const refusal = ineligibility(stored);
      expect(refusal === null).toBe(verdict === PickupEligibilityStatus.Eligible);
      if (!refusal) {
        expect(asked.statusCode, asked.body).toBe(200);
        expect(open).toHaveLength(1);
      } else {
        const reason = refusal.event === 'PickupEligibilityStatus' ? refusal.payload.status : refusal.event;
        expect(asked.statusCode, asked.body).toBeGreaterThanOrEqual(400);
        expect(asked.body).toContain(reason);
        expect(open).toHaveLength(0);
        expect(attempts.map((a) => [a.status, a.reason])).toEqual([['blocked', reason]]);
      }
    });
  }

  it('the staff member’s own order, and a nominee not yet checked, are refused as before', async () => {
    const own = await createPaidOrder(app, desk.clientId);
    const mine = await verify({ orderId: own.id });
    expect(mine.statusCode).toBeGreaterThanOrEqual(400);
    expect(mine.body).toContain('your own order');
    expect(await openRequestsOf(own.id)).toHaveLength(0);

    const nominated = await createPaidOrder(app, owner.clientId, {
      deliveryOption: DeliveryOption.PickUpBySomeOne,
      nominee: { name: 'Tunde Bakare', phone: '08030000000' },
    });
    const unchecked = await verify({ orderId: nominated.id });
    expect(unchecked.statusCode).toBeGreaterThanOrEqual(400);
    expect(unchecked.body).toContain('Tunde Bakare');
    expect(await openRequestsOf(nominated.id)).toHaveLength(0);
    const checked = await verify({ orderId: nominated.id, nomineeVerified: true });
    expect(checked.statusCode, checked.body).toBe(200);
    const [open] = await openRequestsOf(nominated.id);
    expect(open?.nomineeVerified).toBe(true);
  });

  it('an order already being handed over, or a staff member busy with another, is refused and nothing is added', async () => {
    const first = await createPaidOrder(app, owner.clientId);
    const second = await createPaidOrder(app, owner.clientId);
    await ask(first.id);
    const again = await verify({ orderId: first.id });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('duplicatedRequest');
    const busy = await verify({ orderId: second.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.body).toContain('staffBusy');
    expect(await openRequestsOf(first.id)).toHaveLength(1);
    expect(await openRequestsOf(second.id)).toHaveLength(0);
  });
});

const deliveredSteps = (orderId: string) =>
  app.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'Delivered')));

const responsesTo = (pickupId: string) =>
  app.db
    .select()
    .from(pickupAttempts)
    .where(and(eq(pickupAttempts.pickupId, pickupId), eq(pickupAttempts.method, 'response')));

describe('the owner approves a hand-over', () => {
  it('writes the order, its step credited to the staff member, the message and the pickup, in one statement under the locks', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    // The counter names the staff member by their account's name, blanks trimmed.
    expect(pickup.staffName).toBe('Amaka Obi');

    const { result: approved, statements } = await app.database.statementsOf(() =>
      respond(order.id, pickup.id, 'Approve'),
    );
    expect(approved.statusCode, approved.body).toBe(200);

    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'Delivered', isDelivered: true });
    const steps = await deliveredSteps(order.id);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({
      actorClientId: desk.clientId,
      note: 'Picked up at the counter; confirmed by the client',
    });
    const told = await outboxRowsFor(app.db, `picked-up:${order.id}`);
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]).toMatchObject({ clientId: owner.clientId, kind: NotificationKind.PickedUp });
    expect(told[0]?.data).toEqual({ orderNumber: stored?.orderNumber });
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, pickup.id));
    expect(row).toMatchObject({ status: 'Completed', confirmationAction: 'Approve', handoverMethod: 'ClientApp' });
    const attempts = await responsesTo(pickup.id);
    expect(attempts.map((a) => [a.status, a.reason])).toEqual([['success', 'Approve']]);

    // The session and the staff check of the request, the locks, checks and approval in one
    // statement, then the answer's reads after it: 12 with the pickup read first and BEGIN, the
    // order's and the pickup's locks, the approval and COMMIT one by one.
    expect(statements).toBeLessThanOrEqual(7);
  });

  // Every state the one statement must leave to the step-by-step path, which decides as before.
  it('an expired request is not approved: it is closed as Expired and the order stays as it was', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    await app.db
      .update(pickups)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pickups.id, pickup.id));
    const approved = await respond(order.id, pickup.id, 'Approve');
    expect(approved.statusCode).toBeGreaterThanOrEqual(400);
    expect(approved.body).toContain('expired');
    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ isDelivered: false, status: order.status });
    expect(await deliveredSteps(order.id)).toHaveLength(0);
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, pickup.id));
    expect(row).toMatchObject({ status: 'Cancelled', closeReason: 'Expired' });
  });

  it('someone else’s pickup, or one the counter withdrew, is not approved and writes nothing', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    const stranger = await signInAs(app, '08039970003');
    const notTheirs = await injectAs(app, stranger, {
      method: 'POST',
      url: `/api/order/pickup/${order.id}/respond`,
      payload: { pickupId: pickup.id, action: 'Approve' },
    });
    expect(notTheirs.statusCode).toBeGreaterThanOrEqual(400);
    await app.db
      .update(pickups)
      .set({ status: 'Cancelled', closeReason: 'StaffCancelled', completedAt: new Date() })
      .where(eq(pickups.id, pickup.id));
    const withdrawn = await respond(order.id, pickup.id, 'Approve');
    expect(withdrawn.statusCode).toBeGreaterThanOrEqual(400);
    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.isDelivered).toBe(false);
    expect(await deliveredSteps(order.id)).toHaveLength(0);
    expect(await responsesTo(pickup.id)).toHaveLength(0);
  });

  it('an order disputed meanwhile is not handed over: the pickup is closed as the step-by-step rules say', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    await app.db.update(orders).set({ pickupDispute: OrderPickUpDispute.InvalidPickup }).where(eq(orders.id, order.id));
    const approved = await respond(order.id, pickup.id, 'Approve');
    expect(approved.statusCode).toBeGreaterThanOrEqual(400);
    expect(await deliveredSteps(order.id)).toHaveLength(0);
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, pickup.id));
    expect(row?.status).toBe('Cancelled');
    expect((await responsesTo(pickup.id)).map((a) => [a.status, a.reason])).toEqual([
      ['blocked', 'PickupEligibilityStatus'],
    ]);
  });

  it('a second approval changes nothing and writes nothing more', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    expect((await respond(order.id, pickup.id, 'Approve')).statusCode).toBe(200);
    const again = await respond(order.id, pickup.id, 'Approve');
    expect(again.statusCode, again.body).toBe(200);
    const steps = await deliveredSteps(order.id);
    expect(steps).toHaveLength(1);
    const attempts = await responsesTo(pickup.id);
    expect(attempts).toHaveLength(1);
  });

  it('an order already handed over (by a code at the counter) is not delivered twice: the approval is refused and the pickup closed', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    // Delivered meanwhile, outside this request.
    await app.db
      .update(orders)
      .set({ status: 'Delivered', isDelivered: true, deliveredAt: new Date() })
      .where(eq(orders.id, order.id));
    const approved = await respond(order.id, pickup.id, 'Approve');
    expect(approved.statusCode).toBeGreaterThanOrEqual(400);
    const steps = await deliveredSteps(order.id);
    expect(steps).toHaveLength(0);
    expect(await outboxRowsFor(app.db, `picked-up:${order.id}`)).toHaveLength(0);
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, pickup.id));
    expect(row?.status).toBe('Cancelled');
  });
});
