// Two instances on one PostgreSQL database run the reminder job and the outbox worker at the
// same moments: each reminder goes out exactly once, from one of them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCylinders } from '../../src/server/modules/cylinder/tables';
import { notificationJobs } from '../../src/server/modules/notification/tables';
import { buildTestApp, createFreshDatabase, postgresReachable, signInAs } from '../../src/server/test-utils/test-app';

const POSTGRES_SERVER = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const apps: FastifyInstance[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
let skipReason: string | null = null;

beforeAll(async () => {
  if (!(await postgresReachable(POSTGRES_SERVER))) {
    skipReason = 'PostgreSQL is not reachable';
    console.warn(`notification-instances skipped: ${skipReason}`);
    return;
  }
  const database = await createFreshDatabase(POSTGRES_SERVER, 'arrive_notify2');
  dropDatabase = database.drop;
  // One after the other: the first applies the migrations and seeds, the second finds them done.
  for (let i = 0; i < 2; i++) apps.push(await buildTestApp({ databaseUrl: database.url }));
}, 90_000);

afterAll(async () => {
  for (const app of apps) await app.close();
  await dropDatabase?.();
});

const DAY = 24 * 60 * 60 * 1000;

describe('two instances, one database', () => {
  it('send a cylinder reminder exactly once however the job and the worker interleave', async (ctx) => {
    if (skipReason) ctx.skip();
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const phones = ['08061230001', '08061230002', '08061230003'];
    for (const phone of phones) {
      const session = await signInAs(a, phone);
      await a.db.insert(clientCylinders).values({
        clientId: session.clientId,
        sizeKg: 12.5,
        serialNumber: `TWO${phone.slice(-4)}`,
        expiryDate: new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
      });
    }
    // Tomorrow 10:00 in Lagos: within the job's hours, and later than the real clock that stamps
    // each queued message as due (so the outbox, asked at these moments, finds it due).
    const morning = new Date(Date.now() + DAY);
    morning.setUTCHours(9, 0, 0, 0);
    for (let round = 0; round < 4; round++) {
      const now = new Date(morning.getTime() + round * 60 * 60 * 1000);
      // Both instances at once, several times (a later round is a later hour: the job is due again).
      await Promise.all([
        a.notifications.tick({ now: () => now }),
        b.notifications.tick({ now: () => now }),
        a.notifications.tick({ now: () => now }),
        b.notifications.tick({ now: () => now }),
      ]);
    }
    const [job] = await a.db.select().from(notificationJobs);
    expect(job?.lastRunAt).not.toBeNull();
    for (const phone of phones) {
      const sent = [...a.sms.outbox.list(phone), ...b.sms.outbox.list(phone)].filter((m) =>
        m.body.includes(`TWO${phone.slice(-4)}`),
      );
      expect(sent, phone).toHaveLength(1);
    }
  });
});
