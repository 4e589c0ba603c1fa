// Two instances behind one origin, sharing PostgreSQL and Redis: a round-robin proxy sends every
// request (and every WebSocket upgrade) to the next instance, so sessions, rate limits and the
// pickup channel must work across them.
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createFreshDatabase, postgresReachable } from '../../src/server/test-utils/test-app';
import { OwnRedis, redisServerAvailable } from './support/redis-server';
import { exchangedLongAgo } from './support/revocation-calls';
import { startRoundRobinProxy } from './support/round-robin-proxy';

const POSTGRES_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let skipReason: string | null = null;
let redis: OwnRedis | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
const apps: FastifyInstance[] = [];
const ports: number[] = [];
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | null = null;
const sockets: Socket[] = [];

beforeAll(async () => {
  await setUp();
  if (skipReason) console.warn(`two-instances skipped: ${skipReason}`);
}, 90_000);

async function setUp() {
  if (!(await postgresReachable(POSTGRES_SERVER))) {
    skipReason = `PostgreSQL is not reachable at ${POSTGRES_SERVER.replace(/\/\/[^@]*@/, '//…@')}`;
    return;
  }
  if (!redisServerAvailable()) {
    skipReason = 'redis-server is not installed, so no Redis of this test its own can be started';
    return;
  }
  redis = await OwnRedis.start();
  const database = await createFreshDatabase(POSTGRES_SERVER, 'arrive_two');
  dropDatabase = database.drop;
  for (let i = 0; i < 2; i++) {
    // One after the other: the first applies the migrations and seeds, the second finds them done.
    const app = await buildTestApp({ databaseUrl: database.url, env: { REDIS_URL: redis.url } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    ports.push(typeof address === 'object' && address ? address.port : 0);
    apps.push(app);
  }
  proxy = await startRoundRobinProxy(ports);
}

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await proxy?.close();
  for (const app of apps) await app.close();
  await dropDatabase?.();
  await redis?.stop();
});

function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function post(path: string, body: unknown, cookie = '') {
  return fetch(`${proxy?.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform': 'web', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The code the console SMS provider of whichever instance sent it keeps in its outbox. */
async function codeFromEitherOutbox(phone: string): Promise<string | null> {
  for (const port of ports) {
    const res = await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=${phone}`);
    if (!res.ok) continue;
    const { messages } = (await res.json()) as { messages: { to: string; body: string }[] };
    const code = messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
    if (code) return code;
  }
  return null;
}

let session: { cookie: string; token: string; clientId: string } | null = null;

describe('two instances behind one origin', () => {
  it('accept on one instance the session cookie issued by the other', async (ctx) => {
    if (skipReason) ctx.skip();
    const phone = '08010000002';
    const started = await post('/api/auth/login', { phoneNumber: phone });
    expect(started.status, await started.clone().text()).toBe(200);
    const code = await codeFromEitherOutbox(phone);
    expect(code).toMatch(/^\d{6}$/);
    // Round robin: the confirmation lands on the other instance than the login did.
    const confirmed = await post('/api/auth/opt_confirmation', { optCode: code }, cookiesFrom(started));
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    const cookie = cookiesFrom(confirmed);
    const token = /arrive_at=([^;]+)/.exec(cookie)?.[1];
    expect(token).toBeTruthy();
    const seen = new Set<string>();
    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/cookie_auth`, { headers: { cookie } });
      expect(res.status, `instance on ${port}`).toBe(200);
      seen.add(JSON.stringify(await res.json()));
    }
    expect(seen.size, 'both instances answer the same auth object').toBe(1);
    const auth = JSON.parse([...seen][0] as string) as { auth?: { clientId?: string } };
    session = { cookie, token: decodeURIComponent(token as string), clientId: auth.auth?.clientId ?? '' };
  });

  it('count a rate limit across both instances', async (ctx) => {
    if (skipReason) ctx.skip();
    const statuses: number[] = [];
    let limit = 0;
    // Unknown numbers: each call is refused (404) without texting anyone, but still counted.
    for (let i = 0; i < 60; i++) {
      const res = await post('/api/auth/login', { phoneNumber: `0803${String(5_000_000 + i).padStart(7, '0')}` });
      limit = limit || Number(res.headers.get('x-ratelimit-limit') ?? 0);
      statuses.push(res.status);
      await res.arrayBuffer();
      if (res.status === 429) break;
    }
    expect(limit, 'the route announces its limit').toBeGreaterThan(0);
    const allowed = statuses.filter((s) => s !== 429).length;
    expect(statuses.at(-1), 'the limit was reached').toBe(429);
    // One login of the previous test counted too; per-instance counting would allow about twice the limit.
    expect(allowed).toBeLessThanOrEqual(limit);
    expect(proxy?.hits.size, 'both instances served').toBe(2);
  });

  it('deliver a pickup-channel event emitted on one instance to a client connected to the other', async (ctx) => {
    if (skipReason || !session) ctx.skip();
    const socket = connectSocket(proxy?.url as string, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: session?.token, platform: 'web' },
      extraHeaders: { cookie: session?.cookie ?? '' },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (err) => reject(err));
    });
    const counts = await Promise.all(apps.map(async (app) => (await app.io.local.fetchSockets()).length));
    const holder = counts.findIndex((n) => n > 0);
    expect(holder, `sockets per instance: ${counts.join(', ')}`).toBeGreaterThanOrEqual(0);
    const holderApp = apps[holder] as FastifyInstance;
    const otherApp = apps[1 - holder] as FastifyInstance;
    const room = `two-instances-${Date.now()}`;
    holderApp.io.in(socket.id as string).socketsJoin(room);
    await new Promise((r) => setTimeout(r, 50));
    const received = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the event did not arrive within 5 s')), 5000);
      socket.once('pingClient', (payload: unknown) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
    const payload = { pickupId: 'two-instances', orderId: 'o-1', orderNumber: 'ORD-1', pingId: `ping-${Date.now()}` };
    otherApp.io.to(room).emit('pingClient', payload);
    expect(await received).toEqual(payload);
    // And the remote instance sees the socket through the adapter.
    expect((await otherApp.io.in(room).fetchSockets()).length).toBe(1);
  });

  it('rotate a refresh token on one instance and catch its reuse on the other', async (ctx) => {
    if (skipReason || !session) ctx.skip();
    const refreshAt = (port: number, cookie: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/refresh_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-platform': 'web', cookie },
        body: '{}',
      });
    const [first, second] = ports as [number, number];
    const rotated = await refreshAt(first, session?.cookie ?? '');
    expect(rotated.status, await rotated.clone().text()).toBe(200);
    const newCookie = cookiesFrom(rotated);
    expect(newCookie).toContain('arrive_rt=');
    // The old token again, later, on the other instance: a reuse, which revokes the whole family.
    await exchangedLongAgo(apps[0] as FastifyInstance);
    const reused = await refreshAt(second, session?.cookie ?? '');
    expect(reused.status).toBe(401);
    const afterRevocation = await refreshAt(first, newCookie);
    expect(afterRevocation.status, 'the family is revoked everywhere').toBe(401);
  });
});
