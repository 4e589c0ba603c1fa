// The offline queue's promise, at server level: a network that flaps 100 times while shift
// actions queue up, with answers lost on the way back, still records every action exactly once.
// The queue below follows the service worker's rules (sw/offline-queue.ts): FIFO, stop at the first
// action that is still offline and put it back in front, decide with the shared replayOutcome().
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAccess, StaffRole } from '../../src/domain/enums';
import { replayOutcome } from '../../src/domain/schemas/shift';
import { shifts } from '../../src/server/modules/shift/tables';
import { buildTestApp, injectAs } from '../../src/server/test-utils/test-app';
import { type StaffActor, staffActor } from './dashboard-fixtures';

let app: FastifyInstance;
let member: StaffActor;

beforeAll(async () => {
  app = await buildTestApp();
  member = await staffActor(app, '08060000001', StaffRole.Cashier, [StaffAccess.Staff]);
});
afterAll(async () => {
  await app?.close();
});

/** A small seeded generator, so a failure replays the same way. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Action = { key: string; url: string; payload: Record<string, number> };

describe('shift queue under a flapping network', () => {
  it('records each of 100 queued actions exactly once', async () => {
    const random = mulberry32(20261122);
    let online = true;
    const sent = { reachedServer: 0, lostAnswers: 0, offline: 0 };

    /** The network: offline, or the server answers but the answer may be lost (a 504 from the gateway). */
    const send = async (action: Action): Promise<number | null> => {
      if (!online) {
        sent.offline++;
        return null;
      }
      const res = await injectAs(app, member.session, {
        method: 'POST',
        url: action.url,
        payload: action.payload,
        headers: { 'idempotency-key': action.key },
      });
      sent.reachedServer++;
      if (random() < 0.3) {
        sent.lostAnswers++;
        return 504;
      }
      return res.statusCode;
    };

    const queue: Action[] = [];
    const outcomes = new Map<string, string[]>();
    const replay = async () => {
      while (queue.length > 0) {
        const head = queue[0] as Action;
        const outcome = replayOutcome(await send(head));
        if (outcome === 'retry') return;
        queue.shift();
        outcomes.set(head.key, [...(outcomes.get(head.key) ?? []), outcome]);
      }
    };

    const actions: Action[] = [];
    for (let flap = 0; flap < 100; flap++) {
      online = !online;
      const shiftNo = Math.floor(flap / 2);
      const action: Action =
        flap % 2 === 0
          ? { key: randomUUID(), url: '/api/shift/start', payload: { openingFloat: 1000 + shiftNo } }
          : { key: randomUUID(), url: '/api/shift/end', payload: { closingCash: 5000 + shiftNo } };
      actions.push(action);
      queue.push(action);
      // Each flap is a chance to replay: the page's ONLINE message, a sync event, a worker start.
      await replay();
      if (random() < 0.5) await replay();
    }
    online = true;
    for (let i = 0; i < 200 && queue.length > 0; i++) await replay();

    expect(queue).toEqual([]);
    expect(sent.offline).toBeGreaterThan(0);
    expect(sent.lostAnswers).toBeGreaterThan(0);
    for (const action of actions) expect(outcomes.get(action.key), action.url).toEqual(['done']);

    const rows = await app.db
      .select()
      .from(shifts)
      .where(eq(shifts.staffId, member.staffId))
      .orderBy(asc(shifts.startedAt));
    expect(rows).toHaveLength(50);
    expect(rows.map((r) => r.openingFloat)).toEqual(Array.from({ length: 50 }, (_, i) => 1000 + i));
    expect(rows.map((r) => r.closingCash)).toEqual(Array.from({ length: 50 }, (_, i) => 5000 + i));
    expect(rows.every((r) => r.endedAt !== null)).toBe(true);
  });
});
