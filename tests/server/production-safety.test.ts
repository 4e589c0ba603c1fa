// Production never runs the sandbox: met as an operator who follows the README's production
// section and as an attacker who knows the sandbox's routes. A production start without the live
// payment and SMS settings stops and names what is missing; a production app has no emulator,
// no control route, no simulated transfer and no dev outbox; a staging site that opts in keeps
// those routes for a staff CEO only.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { isKnownPushService } from '../../src/server/integrations/push/push-service';
import { pushSubscriptions } from '../../src/server/modules/notification/tables';
import { buildTestApp, injectAs, webHeaders } from '../../src/server/test-utils/test-app';
import { createPersonas, type Personas } from './support/personas';

const SESSION_SECRET = 'a-production-secret-that-is-long-enough-0123456789';
const live = {
  NODE_ENV: 'production',
  SESSION_SECRET,
  PUBLIC_URL: 'https://arrive.example',
  PAYSTACK_SECRET_KEY: 'sk_live_production_safety',
  PAYSTACK_PUBLIC_KEY: 'pk_live_production_safety',
  // Nothing listens there: no test here may reach a real provider.
  PAYSTACK_BASE_URL: 'http://127.0.0.1:9/paystack',
  TERMII_API_KEY: 'termii-production-safety',
  TERMII_BASE_URL: 'http://127.0.0.1:9',
};

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error('the configuration was accepted');
}

/** Every way an attacker could reach the sandbox, with a request that would work in sandbox mode. */
const sandboxRequests = [
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'GET', url: '/api/dev/outbox?to=08010000002' },
  {
    method: 'POST',
    url: '/sandbox/paystack-control/transfer',
    payload: { accountNumber: '9900000001', amount: 500000 },
  },
  { method: 'POST', url: '/sandbox/paystack-control/failure', payload: { mode: 'error' } },
  { method: 'POST', url: '/api/wallet/simulate_transfer', payload: { accountNumber: '9900000001', amount: 500000 } },
  { method: 'GET', url: '/sandbox/checkout/ACCESS_CODE' },
  { method: 'POST', url: '/sandbox/checkout/ACCESS_CODE/pay' },
  { method: 'GET', url: '/sandbox/paystack/transaction/verify_access_code/ACCESS_CODE' },
  { method: 'POST', url: '/sandbox/paystack/transaction/initialize', payload: { email: 'a@b.c', amount: 100 } },
] as const;

describe('a production start', () => {
  it('without live payment and SMS settings stops, naming what is missing', () => {
    const message = problemsOf({ NODE_ENV: 'production', SESSION_SECRET });
    expect(message).toMatch(/PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY are required/);
    expect(message).toMatch(/TERMII_API_KEY/);
  });

  it('refuses the sandbox, console SMS and demo data when asked for them', () => {
    const base = { ...live };
    expect(problemsOf({ ...base, PAYMENT_MODE: 'sandbox' })).toMatch(/PAYMENT_MODE: sandbox payments are not allowed/);
    expect(problemsOf({ ...base, SMS_PROVIDER: 'console' })).toMatch(/SMS_PROVIDER: console SMS is not allowed/);
    expect(problemsOf({ ...base, SEED_DEMO: 'true' })).toMatch(/SEED_DEMO: demo data is not allowed/);
    expect(problemsOf({ ...base, PAYMENT_MODE: 'sandbox' })).toMatch(/ALLOW_SANDBOX_IN_PRODUCTION=true/);
  });

  it('with the live settings runs live: no sandbox, no console SMS, no demo data', () => {
    const config = loadConfig(live);
    expect(config).toMatchObject({
      PAYMENT_MODE: 'live',
      SMS_PROVIDER: 'termii',
      sandbox: false,
      sandboxRestricted: false,
      seedDemo: false,
    });
  });

  it('as the README says it (npm run serve with NODE_ENV and SESSION_SECRET) exits with the missing settings', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'arrive-prod-start-'));
    try {
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
      Object.assign(env, { NODE_ENV: 'production', SESSION_SECRET, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
      const child = spawn(process.execPath, ['scripts/serve.mjs'], { env, stdio: 'pipe' });
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr.on('data', (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.on('exit', (exitCode) => {
          clearTimeout(timer);
          resolve(exitCode);
        });
      });
      expect(code, output).toBe(1);
      expect(output).toMatch(/PAYSTACK_SECRET_KEY/);
      expect(output).toMatch(/TERMII_API_KEY/);
      expect(output).not.toMatch(/Arrive is running/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 40_000);
});

describe('a production app', () => {
  let app: FastifyInstance;
  let personas: Personas;
  beforeAll(async () => {
    app = await buildTestApp({ env: live });
    personas = await createPersonas(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("sends push only to the browsers' push services: any other endpoint is refused and kept nowhere", async () => {
    const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
    for (const endpoint of [
      'http://127.0.0.1:4871/internal/admin?x=1',
      'https://10.0.0.5/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await injectAs(app, personas.clientA, {
        method: 'POST',
        url: '/api/client/push-subscription',
        payload: { endpoint, keys },
      });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ additionalInfo: { field: 'endpoint' } });
    }
    expect(await app.db.select().from(pushSubscriptions)).toEqual([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGabc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expect(isKnownPushService(endpoint), endpoint).toBe(true);
    }
  });

  it('has no sandbox route, whoever asks', async () => {
    for (const caller of [null, personas.clientA, personas.ceo]) {
      for (const request of sandboxRequests) {
        const res = await app.inject({
          ...request,
          headers: { ...webHeaders, ...(caller ? { cookie: caller.cookie } : {}) },
        });
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(404);
        expect(res.body).not.toMatch(/"messages"|Transfer simulated|Failing with/);
      }
    }
  });

  it('documents no sandbox route', () => {
    const paths = Object.keys((app.swagger() as { paths?: Record<string, unknown> }).paths ?? {});
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => p.startsWith('/api/dev') || p.startsWith('/sandbox') || p.includes('simulate'))).toEqual(
      [],
    );
  });
});

describe('a staging site (production with ALLOW_SANDBOX_IN_PRODUCTION)', () => {
  let app: FastifyInstance;
  let personas: Personas;
  const logs: string[] = [];
  beforeAll(async () => {
    app = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET,
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        PAYMENT_MODE: 'sandbox',
        SMS_PROVIDER: 'console',
        TRUST_PROXY: 'true',
      },
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
    });
    personas = await createPersonas(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says loudly that it runs the sandbox', () => {
    expect(logs.join('')).toMatch(/"level":40.*ALLOW_SANDBOX_IN_PRODUCTION/);
  });

  it('keeps the control routes for a staff CEO only', async () => {
    const controls = sandboxRequests.filter(
      (r) => r.url.startsWith('/api/dev') || r.url.includes('paystack-control') || r.url.includes('simulate_transfer'),
    );
    expect(controls.length).toBe(5);
    for (const request of controls) {
      const as = async (caller: { cookie: string } | null) =>
        app.inject({ ...request, headers: { ...webHeaders, ...(caller ? { cookie: caller.cookie } : {}) } });
      const label = `${request.method} ${request.url}`;
      expect((await as(null)).statusCode, label).toBe(401);
      for (const caller of [personas.clientA, personas.staffOnShift, personas.accountant, personas.manager]) {
        const res = await as(caller);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ type: 'Forbidden', status: 403 });
      }
      // The CEO passes the guard (what follows depends on the request: no wallet, no account).
      const ceo = await as(personas.ceo);
      expect([401, 403], `${label} as the CEO: ${ceo.body}`).not.toContain(ceo.statusCode);
    }
    // The CEO's call above switched the emulator's failures on; switch them off again.
    const cleared = await app.inject({
      method: 'POST',
      url: '/sandbox/paystack-control/failure',
      headers: { ...webHeaders, cookie: personas.ceo?.cookie },
      payload: {},
    });
    expect(cleared.json()).toMatchObject({ message: 'Failures cleared' });
  });
});
