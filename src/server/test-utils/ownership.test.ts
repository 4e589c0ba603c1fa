import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOwnerOnly } from './ownership';
import type { Session } from './test-app';

// The helper every area uses to prove a client cannot read another's data. It must pass a
// correctly scoped route and fail each way a route can go wrong, so it is tested against a
// small app with one route per behaviour.

const owner: Session = { clientId: 'owner-1', cookie: 'sess=owner-1' };
const other: Session = { clientId: 'other-2', cookie: 'sess=other-2' };
const record = { id: 'rec-1', orderNumber: 'ORD-2026-000123', phone: '08010000002', total: 1_250_000, status: 'Paid' };
const notFound = { message: 'Not found', status: 404, type: 'NotFound' };
const visitorError = { message: 'Please sign in', status: 401, type: 'UnAuthorized' };

function who(request: FastifyRequest): string | null {
  return /sess=([\w-]+)/.exec(request.headers.cookie ?? '')?.[1] ?? null;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  const scoped =
    (onOther: (reply: FastifyReply) => unknown, onVisitor?: (reply: FastifyReply) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const clientId = who(request);
      if (!clientId) return onVisitor ? onVisitor(reply) : reply.code(401).send(visitorError);
      if (clientId !== owner.clientId) return onOther(reply);
      return record;
    };
  app.get(
    '/good/:id',
    scoped((reply) => reply.code(404).send(notFound)),
  );
  app.post(
    '/good/:id/cancel',
    scoped((reply) => reply.code(403).send({ ...notFound, status: 403, type: 'Forbidden' })),
  );
  app.get('/open/:id', async () => record);
  app.get(
    '/leaky/:id',
    scoped((reply) => reply.code(404).send({ ...notFound, message: `Order ${record.orderNumber} is not yours` })),
  );
  app.get(
    '/leaky-info/:id',
    scoped((reply) =>
      reply.code(403).send({ ...notFound, status: 403, type: 'Forbidden', additionalInfo: { owner: record.phone } }),
    ),
  );
  app.get(
    '/plain/:id',
    scoped((reply) => reply.code(404).send('nope')),
  );
  app.get(
    '/visitor-sees/:id',
    scoped(
      (reply) => reply.code(404).send(notFound),
      () => record,
    ),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('expectOwnerOnly', () => {
  it('passes a route that answers the owner only', async () => {
    const result = await expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: '/good/rec-1' } });
    expect(result.owner.json()).toEqual(record);
    expect(result.other.statusCode).toBe(404);
    expect(result.visitor?.statusCode).toBe(401);
    await expectOwnerOnly(app, { owner, other, request: { method: 'POST', url: '/good/rec-1/cancel', payload: {} } });
  });

  it('allows the error to repeat what the request itself named', async () => {
    await expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: `/good/${record.orderNumber}` } });
  });

  it('fails a route that answers anyone', async () => {
    await expect(
      expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: '/open/rec-1' } }),
    ).rejects.toThrow(/another client got 200/);
  });

  it('fails an error that leaks the record in its message or its additional info', async () => {
    await expect(
      expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: '/leaky/rec-1' } }),
    ).rejects.toThrow(/leaks ORD-2026-000123/);
    await expect(
      expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: '/leaky-info/rec-1' } }),
    ).rejects.toThrow(/leaks 08010000002/);
  });

  it('fails a refusal that is not an error object', async () => {
    await expect(
      expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: '/plain/rec-1' } }),
    ).rejects.toThrow(/not an error object/);
  });

  it('fails a route a visitor can read, unless public by design', async () => {
    await expect(
      expectOwnerOnly(app, { owner, other, request: { method: 'GET', url: '/visitor-sees/rec-1' } }),
    ).rejects.toThrow(/a visitor got 200/);
    await expectOwnerOnly(app, {
      owner,
      other,
      skipVisitor: true,
      request: { method: 'GET', url: '/visitor-sees/rec-1' },
    });
  });

  it('checks extra secrets the caller names', async () => {
    await expect(
      expectOwnerOnly(app, { owner, other, secrets: ['Not found'], request: { method: 'GET', url: '/good/rec-1' } }),
    ).rejects.toThrow(/leaks Not found/);
  });
});
