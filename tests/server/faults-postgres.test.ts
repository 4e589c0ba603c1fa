// PostgreSQL restarted under load, on a throwaway cluster of this test's own: the health endpoint
// says the database is down while it is, requests meanwhile are answered 503, the server recovers
// by itself, and every sign-up that was confirmed to its user (a 200) is in the database afterwards.
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';
import { OwnPostgres } from './support/own-postgres';

let skipReason: string | null = OwnPostgres.unavailableReason();
let cluster: OwnPostgres | null = null;
let app: FastifyInstance | null = null;

beforeAll(async () => {
  if (skipReason) return;
  try {
    cluster = await OwnPostgres.create();
  } catch (err) {
    skipReason = `a throwaway PostgreSQL cluster could not be started: ${err instanceof Error ? err.message.split('\n')[0] : err}`;
    return;
  }
  app = await buildTestApp({ databaseUrl: cluster.url });
}, 120_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  cluster?.destroy();
});

async function health(target: FastifyInstance) {
  const res = await target.inject({ method: 'GET', url: '/api/app/health' });
  return { status: res.statusCode, body: res.json() as { status: string; database: string } };
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe('PostgreSQL restarted under load', () => {
  it('is reported by health, recovered from unaided, and loses no confirmed write', async (ctx) => {
    if (skipReason || !app || !cluster) {
      console.warn(`faults-postgres skipped: ${skipReason}`);
      ctx.skip();
      return;
    }
    const target = app;
    expect(await health(target)).toEqual({ status: 200, body: expect.objectContaining({ database: 'up' }) });

    const confirmed: string[] = [];
    const refused: number[] = [];
    let serial = 0;
    let running = true;
    // Sign-ups from distinct addresses (the per-address limits are not under test here).
    const worker = async () => {
      while (running) {
        const n = serial++;
        const phone = `0806${String(n).padStart(7, '0')}`;
        const res = await target.inject({
          method: 'POST',
          url: '/api/auth/signup',
          headers: webHeaders,
          remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          payload: { phoneNumber: phone },
        });
        if (res.statusCode === 200) confirmed.push(phone);
        else {
          refused.push(res.statusCode);
          expect(isErrorObject(res.json()), res.body).toBe(true);
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const workers = Array.from({ length: 6 }, worker);
    await waitFor(async () => confirmed.length >= 10, 45_000);
    const beforeOutage = confirmed.length;

    cluster.stop();
    const down = await health(target);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'down', database: 'down' });
    await new Promise((r) => setTimeout(r, 500));
    cluster.start();

    const recovered = await waitFor(async () => (await health(target)).status === 200, 45_000);
    expect(recovered, 'health is back to 200 without a restart of the server').toBe(true);
    const afterRecovery = confirmed.length;
    await waitFor(async () => confirmed.length >= afterRecovery + 10, 45_000);
    running = false;
    await Promise.all(workers);

    expect(beforeOutage).toBeGreaterThanOrEqual(10);
    expect(confirmed.length, 'sign-ups succeed again after the restart').toBeGreaterThanOrEqual(afterRecovery + 10);
    // Meanwhile the server said it was briefly unavailable (503, the error object), not that it broke.
    expect(refused.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(refused).toContain(503);

    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    const { rows } = await check.query<{ phone_local: string }>(
      'select phone_local from clients where phone_local = any($1::text[])',
      [confirmed],
    );
    await check.end();
    const stored = new Set(rows.map((r) => r.phone_local));
    const lost = confirmed.filter((p) => !stored.has(p));
    expect(lost, 'confirmed sign-ups missing after the restart').toEqual([]);
    console.info(
      `faults-postgres: ${confirmed.length} confirmed sign-ups (${beforeOutage} before the outage), ${refused.length} refused during it, none lost`,
    );
  }, 200_000);
});
