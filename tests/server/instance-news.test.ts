// News between instances over Redis (lib/instance-news.ts): one instance's word reaches the
// others and not itself, and the centers each instance remembers are forgotten when another
// instance adds or changes one (centers/news.ts). Needs a Redis: REDIS_TEST_URL, or a
// redis-server of the test's own.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type InstanceNews, instanceNews } from '../../src/server/lib/instance-news';
import { centerNews, knownCenters } from '../../src/server/modules/centers';
import { centers } from '../../src/server/modules/centers/tables';
import { buildTestApp } from '../../src/server/test-utils/test-app';
import { OwnRedis, redisServerAvailable } from './support/redis-server';

describe('news between instances', () => {
  let skipReason: string | null = null;
  let ownRedis: OwnRedis | null = null;
  let redis: Redis | null = null;
  let app: FastifyInstance | null = null;
  const opened: InstanceNews[] = [];

  beforeAll(async () => {
    if (!process.env.REDIS_TEST_URL && !redisServerAvailable()) {
      skipReason = 'no REDIS_TEST_URL and no redis-server';
      console.warn(`instance news skipped: ${skipReason}`);
      return;
    }
    ownRedis = process.env.REDIS_TEST_URL ? null : await OwnRedis.start();
    redis = new Redis(process.env.REDIS_TEST_URL ?? (ownRedis as OwnRedis).url);
    app = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    for (const news of opened) await news.close();
    redis?.disconnect();
    await app?.close();
    await ownRedis?.stop();
  });

  /** News on `channel` whose hearings are counted; answers once it listens. */
  async function listener(channel: string, hear: () => void = () => {}) {
    if (!redis || !app) throw new Error('no Redis');
    let heard = 0;
    const news = instanceNews({
      redis,
      log: app.log,
      channel,
      hear: () => {
        heard++;
        hear();
      },
    });
    opened.push(news);
    await vi.waitFor(() => expect(news.listening()).toBe(true), { timeout: 10_000 });
    return { news, heard: () => heard };
  }

  it("reaches the other instances, not the teller's own", async (ctx) => {
    if (skipReason) ctx.skip();
    const channel = `arrive:test:${randomUUID()}`;
    const teller = await listener(channel);
    const other = await listener(channel);
    const [tellerBefore, otherBefore] = [teller.heard(), other.heard()];
    teller.news.tell();
    await vi.waitFor(() => expect(other.heard()).toBe(otherBefore + 1), { timeout: 10_000 });
    // The teller's own word came back to it too (Redis sends it to every subscriber): not heard.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(teller.heard()).toBe(tellerBefore);
  });

  it('forgets the centers this instance remembers when another one says a center changed', async (ctx) => {
    if (skipReason || !redis || !app) return ctx.skip();
    const db = app.db;
    // This instance listens (its connection's start makes it forget once, as any reconnection does).
    // A channel of its own: the other pass of `npm test` may change centers on the same Redis.
    const channel = `arrive:test:${randomUUID()}`;
    const here = centerNews({ redis, log: app.log, channel });
    opened.push(here);
    await vi.waitFor(() => expect(here.listening()).toBe(true), { timeout: 10_000 });
    const [center] = await knownCenters(db);
    if (!center) throw new Error('the demo has centers');
    // As another instance would: the row renamed in the shared database, not through this process.
    await db.update(centers).set({ name: 'Ikeja Depot' }).where(eq(centers.id, center.id));
    expect((await knownCenters(db)).find((c) => c.id === center.id)?.name).toBe(center.name);

    const otherInstance = await listener(channel);
    otherInstance.news.tell();
    await vi.waitFor(
      async () => expect((await knownCenters(db)).find((c) => c.id === center.id)?.name).toBe('Ikeja Depot'),
      { timeout: 10_000 },
    );
  });
});
