import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorObject } from '../../src/domain/errors';
import { seedDemo } from '../../src/server/seed';
import { buildTestApp, injectAs, signInAs, webHeaders } from '../../src/server/test-utils/test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('platform', () => {
  it('answers the public app data', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/app/data' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentMode: 'sandbox', currency: 'NGN' });
  });

  it('reports health with the database up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/app/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
  });

  it('answers an unknown API route with a 404 error object', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(isErrorObject(body)).toBe(true);
    expect(body.type).toBe('NotFound');
  });

  it.each(['/api/order/new', '/%61pi/order/new', '/ap%69/order/new?x=1', '/api/order/%6eew'])(
    'refuses a mutating call without x-platform, however its address is spelt: %s',
    async (url) => {
      const session = await signInAs(app, '08010000002');
      const res = await app.inject({ method: 'POST', url, payload: {}, headers: { cookie: session.cookie } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ type: 'Forbidden', status: 403 });
    },
  );

  it('sends security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/app/data' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves OpenAPI docs generated from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/app/data');
  });

  it('seeds the demo data once and never twice', async () => {
    expect(await seedDemo(app.db)).toBe(false);
  });

  it('guards client routes through the session cookie', async () => {
    const session = await signInAs(app, '08010000002');
    expect(session.clientId).toMatch(/[0-9a-f-]{36}/);
    const forged = await injectAs(
      app,
      { ...session, cookie: 'arrive_at=forged.token' },
      { method: 'GET', url: '/api/app/data' },
    );
    expect(forged.statusCode).toBe(200);
  });
});

describe('webHeaders', () => {
  it('carries the platform', () => {
    expect(webHeaders['x-platform']).toBe('web');
  });
});

describe('URLs the router refuses itself', () => {
  it('answer the error object too', async () => {
    const app = await buildTestApp();
    try {
      const long = await app.inject({ method: 'GET', url: `/api/order/${'x'.repeat(150)}` });
      expect(long.statusCode).toBe(414);
      expect(isErrorObject(long.json())).toBe(true);
      const broken = await app.inject({ method: 'GET', url: '/api/product/%E0%A4%A' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ type: 'InvalidInput', status: 400 });
    } finally {
      await app.close();
    }
  });
});
