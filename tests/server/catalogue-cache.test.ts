// The shop catalogue (GET /api/product/) is served from memory with a strong ETag: a repeat fetch
// costs a 304, every write to a price or a quota drops the copy, and with Redis an instance's
// change reaches the others (that part needs PostgreSQL, shared by the instances, and a Redis:
// REDIS_TEST_URL, or a redis-server of the test's own).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import { firstCenter } from '../../src/server/modules/centers/service';
import { orders } from '../../src/server/modules/order/tables';
import { currentPriceVersion } from '../../src/server/modules/product/catalogue';
import { products } from '../../src/server/modules/product/tables';
import { listActiveProducts } from '../../src/server/modules/quota/shop';
import {
  buildTestApp,
  createFreshDatabase,
  injectAs,
  postgresReachable,
  signInAs,
} from '../../src/server/test-utils/test-app';
import { putOnShift, type StaffActor, staffActor } from './dashboard-fixtures';
import { OwnRedis, redisServerAvailable } from './support/redis-server';

const POSTGRES_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Listed = { products: { id: string; type: string; price: number; available: number | null }[] };

async function adminOnShift(app: FastifyInstance): Promise<StaffActor> {
  const admin = await staffActor(app, '08070000011', StaffRole.Admin, [StaffAccess.Admin]);
  await putOnShift(app, admin.staffId);
  return admin;
}

const catalogue = (app: FastifyInstance, etag?: string) =>
  app.inject({ method: 'GET', url: '/api/product/', headers: etag ? { 'if-none-match': etag } : {} });

async function changePrice(app: FastifyInstance, admin: StaffActor, id: string, price: number) {
  const res = await injectAs(app, admin.session, {
    method: 'PUT',
    url: `/api/product/price/${id}`,
    payload: { price, reason: 'Depot price changed' },
  });
  expect(res.statusCode).toBe(200);
}

/** The catalogue as a fresh build writes it (the first center's): the products, and the catalogue version of their prices. */
const freshBody = async (app: FastifyInstance) =>
  JSON.stringify({
    products: await listActiveProducts(app.db, (await firstCenter(app.db)).id),
    priceVersion: await currentPriceVersion(app.db),
  });

describe('one instance', () => {
  let app: FastifyInstance;
  let admin: StaffActor;
  beforeAll(async () => {
    app = await buildTestApp();
    admin = await adminOnShift(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a repeat fetch with the same ETag by 304 and no body, always to be revalidated', async () => {
    const first = await catalogue(app);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = await catalogue(app, etag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await catalogue(app, `"other", ${etag}`)).statusCode).toBe(304);
    expect((await catalogue(app, '"other"')).statusCode).toBe(200);
  });

  it('serves from memory exactly what a fresh build gives', async () => {
    const cached = await catalogue(app);
    const uncachedText = await freshBody(app);
    expect(cached.body).toBe(uncachedText);
    app.catalogueCache.invalidate();
    const rebuilt = await catalogue(app);
    expect(rebuilt.body).toBe(cached.body);
    expect(rebuilt.headers.etag).toBe(cached.headers.etag);
  });

  it('drops the copy when a price changes through the admin route', async () => {
    const before = await catalogue(app);
    const gas = (before.json() as Listed).products.find((p) => p.type === 'Gas');
    if (!gas) throw new Error('no gas product');
    await changePrice(app, admin, gas.id, gas.price + 1000);
    const after = await catalogue(app, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as Listed).products.find((p) => p.id === gas.id)?.price).toBe(gas.price + 1000);
    expect(after.body).toBe(await freshBody(app));
  });

  it('places nothing at a total other than the one the client was shown (a price changed since)', async () => {
    const client = await signInAs(app, '08061230077');
    const [stove] = await app.db.select().from(products).where(eq(products.type, 'GasStove'));
    if (!stove) throw new Error('no stove product');
    const shown = stove.price;
    await changePrice(app, admin, stove.id, shown + 50_000);
    const place = (expectedTotal: number) =>
      injectAs(app, client, {
        method: 'POST',
        url: '/api/order/new',
        payload: {
          type: 'Product',
          items: [{ productId: stove.id, quantity: 1 }],
          deliveryOption: 'PickerUP',
          expectedTotal,
        },
      });
    const refused = await place(shown);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      type: 'Conflict',
      additionalInfo: { reason: 'PriceChanged', total: shown + 50_000, expectedTotal: shown },
    });
    expect(await app.db.select().from(orders).where(eq(orders.clientId, client.clientId))).toHaveLength(0);
    const placed = await place(shown + 50_000);
    expect(placed.statusCode).toBe(201);
    expect(placed.json().total).toBe(shown + 50_000);
  });

  it('drops the copy when a quota is set, and shows what is left under a daily limit', async () => {
    const before = await catalogue(app);
    const [cylinder] = await app.db.select().from(products).where(eq(products.type, 'Cylinder'));
    if (!cylinder) throw new Error('no cylinder product');
    const set = await injectAs(app, admin.session, {
      method: 'PUT',
      url: `/api/quota/${cylinder.id}`,
      payload: { stock: 7, dailyLimit: 3 },
    });
    expect(set.statusCode).toBe(200);
    const after = await catalogue(app, before.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect((after.json() as Listed).products.find((p) => p.id === cylinder.id)?.available).toBe(3);
    expect(after.body).toBe(await freshBody(app));
    // With a daily limit the live part is read each time; the ETag still holds while nothing changes.
    expect((await catalogue(app, after.headers.etag as string)).statusCode).toBe(304);
  });

  it('drops the copy when an order takes stock and when its cancellation gives it back', async () => {
    const [burner] = await app.db.select().from(products).where(eq(products.type, 'Burner'));
    if (!burner) throw new Error('no burner product');
    const set = await injectAs(app, admin.session, {
      method: 'PUT',
      url: `/api/quota/${burner.id}`,
      payload: { stock: 5, dailyLimit: null },
    });
    expect(set.statusCode).toBe(200);
    const left = async () =>
      ((await catalogue(app)).json() as Listed).products.find((p) => p.id === burner.id)?.available;
    expect(await left()).toBe(5);
    const client = await signInAs(app, '08030000077');
    const placed = await injectAs(app, client, {
      method: 'POST',
      url: '/api/order/new',
      payload: { type: 'Product', items: [{ productId: burner.id, quantity: 2 }], deliveryOption: 'PickerUP' },
    });
    expect(placed.statusCode).toBe(201);
    expect(await left()).toBe(3);
    const cancelled = await injectAs(app, client, { method: 'POST', url: `/api/order/cancel/${placed.json().id}` });
    expect(cancelled.statusCode).toBe(200);
    expect(await left()).toBe(5);
  });
});

describe('two instances sharing Redis', () => {
  let skipReason: string | null = null;
  let ownRedis: OwnRedis | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    // Both passes of `npm test` would run it on PostgreSQL, side by side on one Redis.
    if (process.env.TEST_POSTGRES_PASS_FOLLOWS === '1') skipReason = 'the PostgreSQL pass runs it';
    else if (!(await postgresReachable(POSTGRES_SERVER))) skipReason = 'PostgreSQL is not reachable';
    else if (!process.env.REDIS_TEST_URL && !redisServerAvailable())
      skipReason = 'no REDIS_TEST_URL and no redis-server';
    if (skipReason) {
      console.warn(`catalogue-cache two instances skipped: ${skipReason}`);
      return;
    }
    ownRedis = process.env.REDIS_TEST_URL ? null : await OwnRedis.start();
    const redisUrl = process.env.REDIS_TEST_URL ?? (ownRedis as OwnRedis).url;
    const database = await createFreshDatabase(POSTGRES_SERVER, 'arrive_catalogue');
    dropDatabase = database.drop;
    for (let i = 0; i < 2; i++)
      apps.push(await buildTestApp({ databaseUrl: database.url, env: { REDIS_URL: redisUrl } }));
  }, 90_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await dropDatabase?.();
    await ownRedis?.stop();
  });

  it("a price changed on one instance is on the other's next fetch", async (ctx) => {
    if (skipReason) ctx.skip();
    const [first, second] = apps as [FastifyInstance, FastifyInstance];
    const admin = await adminOnShift(first);
    // Both instances hold the catalogue in memory.
    const seen = await catalogue(second);
    expect((await catalogue(second, seen.headers.etag as string)).statusCode).toBe(304);
    const gas = (seen.json() as Listed).products.find((p) => p.type === 'Gas');
    if (!gas) throw new Error('no gas product');
    await catalogue(first);
    await changePrice(first, admin, gas.id, gas.price + 2500);
    // The invalidation travels through Redis: wait for it, briefly.
    let next = await catalogue(second, seen.headers.etag as string);
    for (let i = 0; i < 50 && next.statusCode === 304; i++) {
      await new Promise((r) => setTimeout(r, 20));
      next = await catalogue(second, seen.headers.etag as string);
    }
    expect(next.statusCode).toBe(200);
    expect((next.json() as Listed).products.find((p) => p.id === gas.id)?.price).toBe(gas.price + 2500);
    expect(next.body).toBe((await catalogue(first)).body);
  });
});
