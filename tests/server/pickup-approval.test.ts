// The owner's approval of a hand-over, statement by statement: what it writes (the order Delivered
// with its step credited to the staff member who asked, the client's message, the pickup Completed
// with its attempt) and how few round trips it takes. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationKind } from '../../src/domain/schemas/notification';
import { clients } from '../../src/server/modules/client/tables';
import { outboxRowsFor } from '../../src/server/modules/notification/service';
import { orderEvents, orders } from '../../src/server/modules/order/tables';
import { pickupAttempts, pickups } from '../../src/server/modules/pickup/tables';
import { createPaidOrder, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
let owner: Session;
let desk: Session;

beforeAll(async () => {
  app = await buildTestApp({ countQueries: true });
  owner = await signInAs(app, '08039970001');
  desk = await signInAs(app, '08039970002');
  await app.db.update(clients).set({ firstname: 'Amaka', lastname: ' Obi ' }).where(eq(clients.id, desk.clientId));
  await putOnShift(app, desk.clientId);
});

afterAll(async () => {
  await app?.close();
});

async function ask(orderId: string) {
  const asked = await injectAs(app, desk, { method: 'POST', url: '/api/pickup/verify', payload: { orderId } });
  expect(asked.statusCode, asked.body).toBe(200);
  return asked.json() as { pickup: { id: string; staffName: string } };
}

const respond = (orderId: string, pickupId: string, action: 'Approve' | 'Reject') =>
  injectAs(app, owner, {
    method: 'POST',
    url: `/api/order/pickup/${orderId}/respond`,
    payload: { pickupId, action },
  });

describe('the owner approves a hand-over', () => {
  it('writes the order, its step credited to the staff member, the message and the pickup, in one statement under the locks', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    // The counter names the staff member by their account's name, blanks trimmed.
    expect(pickup.staffName).toBe('Amaka Obi');

    const before = app.database.queryCount();
    const approved = await respond(order.id, pickup.id, 'Approve');
    const statements = app.database.queryCount() - before;
    expect(approved.statusCode, approved.body).toBe(200);

    const [stored] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored).toMatchObject({ status: 'Delivered', isDelivered: true });
    const steps = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Delivered')));
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
    const attempts = await app.db
      .select()
      .from(pickupAttempts)
      .where(and(eq(pickupAttempts.pickupId, pickup.id), eq(pickupAttempts.method, 'response')));
    expect(attempts.map((a) => [a.status, a.reason])).toEqual([['success', 'Approve']]);

    // The session and the staff check of the request, the pickup with its staff member, then
    // BEGIN, the order's and the pickup's locks, the approval, COMMIT; the answer's reads after it.
    expect(statements).toBeLessThanOrEqual(12);
  });

  it('a second approval changes nothing and writes nothing more', async () => {
    const order = await createPaidOrder(app, owner.clientId);
    const { pickup } = await ask(order.id);
    expect((await respond(order.id, pickup.id, 'Approve')).statusCode).toBe(200);
    const again = await respond(order.id, pickup.id, 'Approve');
    expect(again.statusCode, again.body).toBe(200);
    const steps = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Delivered')));
    expect(steps).toHaveLength(1);
    const attempts = await app.db
      .select()
      .from(pickupAttempts)
      .where(and(eq(pickupAttempts.pickupId, pickup.id), eq(pickupAttempts.method, 'response')));
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
    const steps = await app.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.status, 'Delivered')));
    expect(steps).toHaveLength(0);
    expect(await outboxRowsFor(app.db, `picked-up:${order.id}`)).toHaveLength(0);
    const [row] = await app.db.select().from(pickups).where(eq(pickups.id, pickup.id));
    expect(row?.status).toBe('Cancelled');
  });
});
