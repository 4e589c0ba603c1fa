// The dispatch board's real-time events across two instances sharing one PostgreSQL database and
// talking through Redis, as in production with REDIS_URL: a board open on one instance hears the
// deliveries of its center paid, assigned and moved through the other.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../../src/server/modules/order/mark-paid';
import { createOrder } from '../../src/server/modules/order/service';
import { shifts } from '../../src/server/modules/shift/tables';
import { staff } from '../../src/server/modules/staff/tables';
import { connectPickupSocket, nextEvent, type PickupSocket } from '../../src/server/test-utils/pickup';
import {
  buildTestApp,
  createFreshDatabase,
  injectAs,
  type Session,
  signInAs,
} from '../../src/server/test-utils/test-app';
import { catalogue } from './order-helpers';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE_SERVER = process.env.TEST_DATABASE_URL;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisReachable();
const skipReason = !DATABASE_SERVER
  ? 'TEST_DATABASE_URL is not set (two instances need one shared PostgreSQL database)'
  : !redisUp
    ? `Redis is not reachable at ${REDIS_URL}`
    : null;
if (skipReason) console.warn(`delivery-centers-cluster: skipped: ${skipReason}`);

let a: FastifyInstance;
let b: FastifyInstance;
let urlA: string;
let dropDatabase: (() => Promise<void>) | undefined;
const sockets: PickupSocket[] = [];

async function instance(url: string): Promise<[FastifyInstance, string]> {
  const app = await buildTestApp({ databaseUrl: url, env: { REDIS_URL, SEED_DEMO: 'true' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return [app, `http://127.0.0.1:${address.port}`];
}

async function onShift(app: FastifyInstance, phone: string): Promise<Session & { staffId: string }> {
  const session = await signInAs(app, phone);
  const [row] = await app.db.select().from(staff).where(eq(staff.clientId, session.clientId));
  if (!row) throw new Error('no demo staff member');
  await app.db.insert(shifts).values({ staffId: row.id });
  return { ...session, staffId: row.id };
}

describe.skipIf(skipReason !== null)(
  `the dispatch board across two instances (Redis)${skipReason ? ` — skipped: ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      if (!DATABASE_SERVER) return;
      const database = await createFreshDatabase(DATABASE_SERVER, 'arrive_board_cluster');
      dropDatabase = database.drop;
      [a, urlA] = await instance(database.url);
      [b] = await instance(database.url);
    });

    afterAll(async () => {
      for (const s of sockets) s.close();
      await a?.close();
      await b?.close();
      await dropDatabase?.();
    });

    it('a board open on instance A hears a delivery paid, assigned and collected through instance B', async () => {
      // The demo's Sales Associate and Delivery Person work at the first center.
      const dispatcher = await onShift(a, '08010000003');
      const rider = await onShift(a, '08010000004');
      const owner = await signInAs(a, '08030000401');
      const cat = await catalogue(a);

      const desk = await connectPickupSocket(urlA, { cookie: dispatcher.cookie });
      sockets.push(desk);
      // Read through B: the socket on A follows the board all the same.
      const read = await injectAs(b, dispatcher, { method: 'GET', url: '/api/delivery/board' });
      expect(read.statusCode, read.body).toBe(200);
      const centerId = read.json().centerId as string;

      const order = await createOrder(
        a.db,
        owner.clientId,
        {
          type: 'Gas',
          items: [{ productId: cat.gas.id, quantity: 12.5, sizeKg: 12.5 }],
          deliveryOption: 'HomeDelivery',
          homeDeliveryType: 'oneWay',
          address: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos', lat: 6.5095, lng: 3.3711 },
        },
        { legs: a.orderLegs },
      );
      const deliveryId = (await injectAs(b, owner, { method: 'GET', url: `/api/delivery/order/${order.id}` })).json()
        .id as string;

      // Paid (the card and wallet paths announce it on the instance that took the payment).
      const paid = nextEvent(desk, 'dispatchBoardChanged', (e) => e.deliveryId === deliveryId && e.reason === 'paid');
      await markOrderPaid(b.db, order.id, 'Electronic');
      b.deliveryNotices.orderPaid({ orderId: order.id });
      expect(await paid).toEqual({ centerId, deliveryId, status: 'Pending', reason: 'paid' });

      const assigned = nextEvent(desk, 'dispatchBoardChanged', (e) => e.reason === 'assigned');
      const assign = await injectAs(b, dispatcher, {
        method: 'PUT',
        url: `/api/delivery/assign/${deliveryId}`,
        payload: { riderId: rider.staffId },
      });
      expect(assign.statusCode, assign.body).toBe(200);
      expect(await assigned).toMatchObject({ centerId, deliveryId, status: 'Accepted' });

      const collected = nextEvent(desk, 'dispatchBoardChanged', (e) => e.status === 'CarrierPickup');
      const step = await injectAs(b, rider, {
        method: 'PUT',
        url: `/api/delivery/status/${deliveryId}`,
        payload: { status: 'CarrierPickup' },
      });
      expect(step.statusCode, step.body).toBe(200);
      expect(await collected).toMatchObject({ centerId, deliveryId, reason: 'step' });
    });
  },
);
