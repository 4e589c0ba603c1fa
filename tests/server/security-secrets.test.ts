// No secret and no one-time code in the logs or in any response, and session cookies with the
// right flags: a whole sign-in through the Termii SMS provider (stubbed by a local HTTP server),
// with the Fastify logger captured at debug level and no redaction.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, webHeaders } from '../../src/server/test-utils/test-app';
import { startTermiiStub } from './support/termii-stub';

const TERMII_API_KEY = 'termii-live-key-7f3a9c1e5b';
const SESSION_SECRET = 'session-secret-for-the-leak-test-0123456789abcdef';
const PAYSTACK_SECRET_KEY = 'sk_test_leakcheck_4b1d9e';

type Stub = Awaited<ReturnType<typeof startTermiiStub>>;
let stub: Stub;
const logs: string[] = [];
let dev: FastifyInstance;
let production: FastifyInstance;
let flowExists = false;

async function build(nodeEnv: 'test' | 'production') {
  return buildTestApp({
    env: {
      NODE_ENV: nodeEnv,
      SESSION_SECRET,
      PAYSTACK_SECRET_KEY,
      PAYSTACK_PUBLIC_KEY: 'pk_test_leakcheck',
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY,
      TERMII_BASE_URL: stub.url,
      // Demo data is refused in production.
      ...(nodeEnv === 'production' ? {} : { SEED_DEMO: 'true' }),
      PUBLIC_URL: nodeEnv === 'production' ? 'https://arrive.example' : 'http://localhost:8080',
    },
    // The stub listens locally: named here, or the outbound client would refuse it.
    allowLocalOrigins: [stub.url],
    logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } },
  });
}

beforeAll(async () => {
  stub = await startTermiiStub();
  dev = await build('test');
  production = await build('production');
  const paths = Object.keys((dev.swagger() as { paths?: Record<string, unknown> }).paths ?? {});
  flowExists = ['/api/auth/signup', '/api/auth/login', '/api/auth/opt_confirmation'].every((p) => paths.includes(p));
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
  await stub?.close();
});

function cookiesOf(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

function cookieHeader(setCookies: string[]): string {
  return setCookies.map((c) => c.split(';')[0]).join('; ');
}

/** Sign-up (or login) → the code from the stubbed SMS → confirmation; every response kept. */
async function signIn(app: FastifyInstance, phone: string, mode: 'signup' | 'login') {
  const responses: LightMyRequestResponse[] = [];
  const start = await app.inject({
    method: 'POST',
    url: `/api/auth/${mode}`,
    headers: webHeaders,
    payload: { phoneNumber: phone },
  });
  responses.push(start);
  expect(start.statusCode, start.body).toBe(200);
  const code = stub.lastCode(phone.slice(-8));
  expect(code, 'the stub received an SMS with a 6-digit code').toMatch(/^\d{6}$/);
  const wrong = await app.inject({
    method: 'POST',
    url: '/api/auth/opt_confirmation',
    headers: { ...webHeaders, cookie: cookieHeader(cookiesOf(start)) },
    payload: { optCode: code === '000000' ? '111111' : '000000' },
  });
  responses.push(wrong);
  expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/auth/opt_confirmation',
    headers: { ...webHeaders, cookie: cookieHeader(cookiesOf(start)) },
    payload: { optCode: code },
  });
  responses.push(confirm);
  expect(confirm.statusCode, confirm.body).toBe(200);
  const session = cookiesOf(confirm);
  const me = await app.inject({
    method: 'GET',
    url: '/api/auth/cookie_auth',
    headers: { ...webHeaders, cookie: cookieHeader(session) },
  });
  responses.push(me);
  return { code: code as string, setCookies: [...cookiesOf(start), ...session], responses };
}

function tokenValues(setCookies: string[]): string[] {
  return setCookies
    .map((c) => decodeURIComponent(c.split(';')[0]?.split('=').slice(1).join('=') ?? ''))
    .filter((v) => v.length > 8);
}

describe('secrets and codes', () => {
  it('never appear in the logs or the responses of a whole sign-in', async (ctx) => {
    if (!flowExists) ctx.skip();
    const first = await signIn(dev, '08030000041', 'signup');
    const second = await signIn(dev, '08010000002', 'login');
    const secrets = [
      TERMII_API_KEY,
      SESSION_SECRET,
      PAYSTACK_SECRET_KEY,
      first.code,
      second.code,
      ...tokenValues(first.setCookies),
      ...tokenValues(second.setCookies),
    ];
    expect(logs.length, 'the logger was captured').toBeGreaterThan(0);
    const logText = logs.join('');
    for (const secret of secrets) expect(logText.includes(secret), `a secret or code is in the logs`).toBe(false);
    // The phone number in full is personal data: the provider logs it masked.
    expect(logText.includes('2348030000041'), 'the full phone number is in the logs').toBe(false);
    // With a real provider configured, the sandbox outbox must not keep the codes either.
    const outbox = await dev.inject({ method: 'GET', url: '/api/dev/outbox' });
    const responses = [...first.responses, ...second.responses, outbox];
    for (const res of responses) {
      for (const secret of [TERMII_API_KEY, SESSION_SECRET, PAYSTACK_SECRET_KEY, first.code, second.code]) {
        expect(res.body.includes(secret), `${res.statusCode} response carries a secret or code`).toBe(false);
      }
    }
  });

  it('keep the provider failure and internals out of the response', async (ctx) => {
    if (!flowExists) ctx.skip();
    stub.failNext(500);
    try {
      const res = await dev.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: webHeaders,
        payload: { phoneNumber: '08010000002' },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(TERMII_API_KEY);
      expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+|node_modules|\/work\//);
      expect(logs.join('')).not.toContain(TERMII_API_KEY);
    } finally {
      stub.failNext(null);
    }
  });

  it('issues session cookies httpOnly, SameSite=Lax, and Secure in production only', async (ctx) => {
    if (!flowExists) ctx.skip();
    const devCookies = (await signIn(dev, '08030000042', 'signup')).setCookies;
    const prodCookies = (await signIn(production, '08030000043', 'signup')).setCookies;
    expect(devCookies.length).toBeGreaterThan(0);
    expect(prodCookies.length).toBeGreaterThan(0);
    for (const cookie of [...devCookies, ...prodCookies]) {
      expect(cookie, cookie.split('=')[0]).toMatch(/;\s*HttpOnly/i);
      expect(cookie, cookie.split('=')[0]).toMatch(/;\s*SameSite=Lax/i);
    }
    for (const cookie of devCookies) expect(cookie).not.toMatch(/;\s*Secure/i);
    for (const cookie of prodCookies) expect(cookie, cookie.split('=')[0]).toMatch(/;\s*Secure/i);
    // The refresh token only ever travels to the auth endpoints.
    const refresh = prodCookies.find((c) => c.startsWith('arrive_rt='));
    expect(refresh).toMatch(/;\s*Path=\/api\/auth/i);
  });
});
