import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type Session, signInAs } from '../test-utils/test-app';

let app: FastifyInstance;
let calls = 0;
let ada: Session;
let bola: Session;

beforeAll(async () => {
  app = await buildTestApp({
    // A probe route declared like any module route, counting how often its handler really runs.
    beforeReady: (probe) => {
      probe.post('/api/probe/act', { config: { idempotent: true } }, async (request, reply) => {
        calls++;
        const body = request.body as { fail?: boolean } | undefined;
        if (body?.fail) return reply.status(400).send({ type: 'InvalidInput', status: 400, message: 'refused' });
        return { n: calls };
      });
    },
  });
  ada = await signInAs(app, '08030000001');
  bola = await signInAs(app, '08030000002');
});
afterAll(async () => {
  await app.close();
});
beforeEach(() => {
  calls = 0;
});

const send = (session: Session | null, key: string | null, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/api/probe/act',
    headers: {
      'x-platform': 'web',
      ...(key ? { 'idempotency-key': key } : {}),
      ...(session ? { cookie: session.cookie } : {}),
    },
    payload,
  });

describe('Idempotency-Key', () => {
  it('answers the first response again for the same key and body, acting once', async () => {
    const first = await send(ada, 'k-1', { a: 1 });
    const again = await send(ada, 'k-1', { a: 1 });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(calls).toBe(1);
  });

  it('refuses the same key with another body', async () => {
    await send(ada, 'k-2', { a: 1 });
    const other = await send(ada, 'k-2', { a: 2 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ type: 'IdempotencyKeyReused', status: 422 });
    expect(calls).toBe(1);
  });

  it('does not remember a refused request, so it can be retried once fixed', async () => {
    expect((await send(ada, 'k-3', { fail: true })).statusCode).toBe(400);
    expect((await send(ada, 'k-3', { fail: true })).statusCode).toBe(400);
    expect(calls).toBe(2);
  });

  it('keeps keys apart per client', async () => {
    await send(ada, 'shared', { a: 1 });
    const other = await send(bola, 'shared', { a: 1 });
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('acts every time without a key', async () => {
    await send(ada, null, {});
    await send(ada, null, {});
    expect(calls).toBe(2);
  });

  it('acts once when the same request races itself', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => send(ada, 'race', { a: 1 })));
    expect(calls).toBe(1);
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(statuses).toContain(200);
  });
});
