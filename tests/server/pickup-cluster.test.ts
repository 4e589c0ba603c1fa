import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICKUP_TIMINGS } from '../../src/domain/realtime-events';
import { orders } from '../../src/server/modules/order/tables';
import {
  connectPickupSocket,
  createPaidOrder,
  nextEvent,
  type PickupSocket,
  putOnShift,
  recordEvents,
  tokenOf,
} from '../../src/server/test-utils/pickup';
import { buildTestApp, createFreshDatabase, signInAs } from '../../src/server/test-utils/test-app';

// Two instances of the app share one PostgreSQL database and talk through Redis, as in
// production with REDIS_URL: a staff on one instance confirms with a client on the other.
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
if (skipReason) console.warn(`pickup-cluster: skipped: ${skipReason}`);

let a: FastifyInstance;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
let dropDatabase: (() => Promise<void>) | undefined;
const sockets: PickupSocket[] = [];
const phone = () => `0804${String(randomInt(10_000_000)).padStart(7, '0')}`;

async function instance(url: string): Promise<[FastifyInstance, string]> {
  const app = await buildTestApp({ databaseUrl: url, env: { REDIS_URL } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  app.pickupChannel.configure({ sweepIntervalMs: 50 });
  return [app, `http://127.0.0.1:${address.port}`];
}

describe.skipIf(skipReason !== null)(
  `pickup across two instances (Redis)${skipReason ? ` — skipped: ${skipReason}` : ''}`,
  () => {
    beforeAll(async () => {
      if (!DATABASE_SERVER) return;
      const database = await createFreshDatabase(DATABASE_SERVER, 'arrive_cluster');
      dropDatabase = database.drop;
      [a, urlA] = await instance(database.url);
      [b, urlB] = await instance(database.url);
    });

    afterAll(async () => {
      for (const s of sockets) s.close();
      await a?.close();
      await b?.close();
      await dropDatabase?.();
    });

    it('a staff on instance A confirms with a client on instance B; the order is Delivered once', async () => {
      const owner = await signInAs(a, phone());
      const staffSession = await signInAs(a, phone());
      await putOnShift(a, staffSession.clientId);
      const order = await createPaidOrder(a, owner.clientId);
      const desk = await connectPickupSocket(urlA, { cookie: staffSession.cookie });
      const phoneSocket = await connectPickupSocket(urlB, { token: tokenOf(owner.cookie), platform: 'mobile' });
      sockets.push(desk, phoneSocket);

      const opened = nextEvent(desk, 'requestConfirmationStaff', (p) => p.orderId === order.id);
      const prompt = nextEvent(phoneSocket, 'requestPickupConfirmation', (p) => p.orderId === order.id);
      expect((await desk.emitWithAck('requestConfirmationStaff', { orderId: order.id })).ok).toBe(true);
      // Presence is counted across instances: the client is online (on B).
      expect((await opened).clientOnline).toBe(true);
      const request = await prompt;

      const staffEvents = recordEvents(desk);
      const approval = nextEvent(desk, 'StaffConfirmApproval', (p) => p.pickupId === request.pickupId);
      const handed = nextEvent(phoneSocket, 'staffConfirm', (p) => p.pickupId === request.pickupId);
      expect(
        (await phoneSocket.emitWithAck('pickupConfirmationResponse', { pickupId: request.pickupId, action: 'Approve' }))
          .ok,
      ).toBe(true);
      await approval;
      await handed;
      const [row] = await b.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ status: 'Delivered', isDelivered: true });
      expect(staffEvents.filter((e) => e.name === 'StaffConfirmApproval')).toHaveLength(1);
    });

    it('a client connecting to the other instance gets the waiting request (ClientBackOnline)', async () => {
      const owner = await signInAs(a, phone());
      const staffSession = await signInAs(a, phone());
      await putOnShift(a, staffSession.clientId);
      const order = await createPaidOrder(a, owner.clientId);
      const desk = await connectPickupSocket(urlA, { cookie: staffSession.cookie });
      sockets.push(desk);
      const offline = nextEvent(desk, 'clientOffLine', (p) => p.orderId === order.id);
      await desk.emitWithAck('requestConfirmationStaff', { orderId: order.id });
      const { pickupId } = await offline;
      const back = nextEvent(desk, 'ClientBackOnline', (p) => p.pickupId === pickupId);
      let prompt: Promise<unknown> | undefined;
      const phoneSocket = await connectPickupSocket(urlB, { token: tokenOf(owner.cookie) }, 5000, (s) => {
        prompt = nextEvent(s, 'requestPickupConfirmation', (p) => p.pickupId === pickupId);
      });
      sockets.push(phoneSocket);
      await prompt;
      await back;
      await desk.emitWithAck('StaffCancelRequest', { pickupId });
    });

    it('two instances sweeping the same deadlines send each notice once', async () => {
      for (const app of [a, b]) {
        app.pickupChannel.configure({ confirmationTimeoutMs: 1000, clientDelayMs: 200, cancelWarningBeforeMs: 500 });
      }
      try {
        const owner = await signInAs(a, phone());
        const staffSession = await signInAs(a, phone());
        await putOnShift(a, staffSession.clientId);
        const order = await createPaidOrder(a, owner.clientId);
        const desk = await connectPickupSocket(urlA, { cookie: staffSession.cookie });
        const phoneSocket = await connectPickupSocket(urlB, { token: tokenOf(owner.cookie) });
        sockets.push(desk, phoneSocket);
        const staffEvents = recordEvents(desk);
        const prompt = nextEvent(phoneSocket, 'requestPickupConfirmation', (p) => p.orderId === order.id);
        await desk.emitWithAck('requestConfirmationStaff', { orderId: order.id });
        const { pickupId } = await prompt;
        await nextEvent(desk, 'ClientRequestCancelled', (p) => p.pickupId === pickupId, 5000);
        const count = (name: string) => staffEvents.filter((e) => e.name === name).length;
        expect(count('ClientDelayResponse')).toBe(1);
        expect(count('CancelWarning')).toBe(1);
        expect(count('ClientRequestCancelled')).toBe(1);
      } finally {
        for (const app of [a, b]) app.pickupChannel.configure({ ...PICKUP_TIMINGS });
      }
    });
  },
);
