// A revocation made on one instance is refused at once on another that shares Redis, even though
// that other instance had just found the session alive; an instance without Redis learns it from
// the database within a few seconds (ALIVE_CACHE_MS). Needs PostgreSQL (shared by the instances) and a Redis:
// REDIS_TEST_URL, or a redis-server of the test's own.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/modules/auth/session-service';
import { clients } from '../../src/server/modules/client/tables';
import { buildTestApp, createFreshDatabase, postgresReachable, webHeaders } from '../../src/server/test-utils/test-app';
import { OwnRedis, redisServerAvailable } from './support/redis-server';
import {
  type Device,
  exchangedLongAgo,
  expectRefused,
  expectServed,
  makeManagerOnShift,
} from './support/revocation-calls';

/** The promise for instances without Redis: ALIVE_CACHE_MS (3 s) in session-revocation.ts. */
const LEARNS_WITHIN_MS = 3_000;
const POSTGRES_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

let skipReason: string | null = null;
let ownRedis: OwnRedis | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
/** Two instances sharing the database and Redis, and a third sharing only the database. */
let first: FastifyInstance;
let second: FastifyInstance;
let withoutRedis: FastifyInstance;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  if (process.env.TEST_POSTGRES_PASS_FOLLOWS === '1') {
    // Both passes of `npm test` would run it on PostgreSQL, side by side on one Redis.
    skipReason = 'the PostgreSQL pass runs it';
  } else if (!(await postgresReachable(POSTGRES_SERVER))) {
    skipReason = 'PostgreSQL is not reachable';
  } else if (!process.env.REDIS_TEST_URL && !redisServerAvailable()) {
    skipReason = 'no REDIS_TEST_URL and no redis-server to start';
  }
  if (skipReason) {
    console.warn(`session-revocation-instances skipped: ${skipReason}`);
    return;
  }
  ownRedis = process.env.REDIS_TEST_URL ? null : await OwnRedis.start();
  const redisUrl = process.env.REDIS_TEST_URL ?? (ownRedis as OwnRedis).url;
  const database = await createFreshDatabase(POSTGRES_SERVER, 'arrive_revocation');
  dropDatabase = database.drop;
  const envs: Record<string, string>[] = [{ REDIS_URL: redisUrl }, { REDIS_URL: redisUrl }, {}];
  for (const env of envs) {
    apps.push(await buildTestApp({ databaseUrl: database.url, env }));
  }
  [first, second, withoutRedis] = apps as [FastifyInstance, FastifyInstance, FastifyInstance];
}, 90_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await dropDatabase?.();
  await ownRedis?.stop();
});

let phoneCounter = 0;
/** A new client, a Manager on a shift, signed in on two devices (two session families). */
async function clientWithTwoDevices(): Promise<[Device, Device]> {
  const phone = `0804800${String(++phoneCounter).padStart(4, '0')}`;
  const [row] = await first.db
    .insert(clients)
    .values({ phoneLocal: phone, phoneInternational: `234${phone.slice(1)}`, isVerified: true })
    .returning();
  if (!row) throw new Error('client not stored');
  await makeManagerOnShift(first, row.id);
  const devices: Device[] = [];
  for (let i = 0; i < 2; i++) {
    const tokens = await createSession(first.db, first.config, row.id);
    devices.push({ clientId: row.id, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken });
  }
  return devices as [Device, Device];
}

const post = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'POST', url, headers: { ...webHeaders, cookie } });

describe('instances sharing Redis', () => {
  it('refuse at once on instance 2 a session logged out on instance 1', async (ctx) => {
    if (skipReason) ctx.skip();
    const [laptop, phoneApp] = await clientWithTwoDevices();
    // Instance 2 has just found the session alive and would trust that for a few seconds.
    expect(await expectServed(second, laptop)).toEqual([]);

    const out = await post(
      first,
      '/api/auth/logout',
      `arrive_at=${laptop.accessToken}; arrive_rt=${laptop.refreshToken}`,
    );
    expect(out.statusCode).toBe(200);

    expect(await expectRefused(second, laptop)).toEqual([]);
    expect(await expectServed(second, phoneApp)).toEqual([]);
  });

  it('refuse at once on instance 1 every session of a client who signed out of every device on instance 2', async (ctx) => {
    if (skipReason) ctx.skip();
    const [laptop, phoneApp] = await clientWithTwoDevices();
    expect(await expectServed(first, laptop)).toEqual([]);
    expect(await expectServed(first, phoneApp)).toEqual([]);

    expect((await post(second, '/api/auth/logout_all', `arrive_at=${phoneApp.accessToken}`)).statusCode).toBe(200);

    expect(await expectRefused(first, laptop)).toEqual([]);
    expect(await expectRefused(first, phoneApp)).toEqual([]);
  });

  it('refuse at once on instance 2 a family revoked by a refresh-token reuse caught on instance 1', async (ctx) => {
    if (skipReason) ctx.skip();
    const [laptop, phoneApp] = await clientWithTwoDevices();
    const rotated = await post(first, '/api/auth/refresh_token', `arrive_rt=${laptop.refreshToken}`);
    expect(rotated.statusCode).toBe(200);
    expect(await expectServed(second, laptop)).toEqual([]);

    await exchangedLongAgo(first);
    const reuse = await post(first, '/api/auth/refresh_token', `arrive_rt=${laptop.refreshToken}`);
    expect(reuse.statusCode).toBe(401);

    expect(await expectRefused(second, laptop)).toEqual([]);
    expect(await expectServed(second, phoneApp)).toEqual([]);
  });
});

describe('an instance without Redis', () => {
  it('learns of a logout elsewhere from the database within a few seconds', async (ctx) => {
    if (skipReason) ctx.skip();
    const [laptop, phoneApp] = await clientWithTwoDevices();
    expect(await expectServed(withoutRedis, laptop)).toEqual([]);
    await post(first, '/api/auth/logout', `arrive_at=${laptop.accessToken}`);

    await new Promise((resolve) => setTimeout(resolve, LEARNS_WITHIN_MS + 100));
    expect(await expectRefused(withoutRedis, laptop)).toEqual([]);
    expect(await expectServed(withoutRedis, phoneApp)).toEqual([]);
  });
});
