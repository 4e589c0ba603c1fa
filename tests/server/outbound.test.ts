// One guarded way out: every call the server makes goes through one client that speaks https
// only, to public addresses only (checked after DNS, and connected to the checked address), never
// follows a redirect and gives up quickly. Push endpoints are browsers' push services in every
// mode, and a push subscription stays with the client who registered it first.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorType } from '../../src/domain/errors';
import { loadConfig } from '../../src/server/config';
import {
  createOutbound,
  isPublicAddress,
  type OutboundError,
  type OutboundResolver,
} from '../../src/server/lib/outbound';
import { pushSubscriptions } from '../../src/server/modules/notification/tables';
import { buildTestApp, injectAs, signInAs } from '../../src/server/test-utils/test-app';

/** A local listener that records each request and answers what `handler` says. */
async function listener(
  handler: (path: string, res: import('node:http').ServerResponse) => void = (_p, res) => res.end('ok'),
) {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    req.on('end', () => handler(req.url ?? '', res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Any DNS lookup is a failure of the test: refusals by scheme must come before resolving. */
const noDns: OutboundResolver = async (hostname) => {
  throw new Error(`DNS was asked for ${hostname}`);
};

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'the call was refused').toBeInstanceOf(Error);
  expect((err as Error).name).toBe('OutboundError');
  return err as OutboundError;
}

describe('which addresses are public', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not an address',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '142.250.180.10',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('the outbound client', () => {
  it('speaks https only: http, file, gopher, data, ftp and ws are refused before any lookup', async () => {
    const outbound = createOutbound({ resolve: noDns });
    for (const url of [
      'http://example.com/',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_INFO',
      'data:text/plain,hello',
      'ftp://example.com/x',
      'ws://example.com/',
    ]) {
      const err = await refusal(outbound.fetch(url));
      expect(err.reason, url).toBe('scheme');
    }
    expect((await refusal(outbound.fetch('https://user:pw@example.com/'))).reason).toBe('credentials');
  });

  it('refuses local, private and link-local targets, written as addresses or as names', async () => {
    const outbound = createOutbound({ resolve: noDns });
    for (const url of [
      'https://127.0.0.1/',
      'https://[::1]/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/push',
      'https://192.168.1.20/',
      'https://172.20.0.1/',
      'https://100.64.1.1/',
      'https://0.0.0.0/',
      'https://[fe80::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:169.254.169.254]/',
      // Other spellings of 127.0.0.1 that URL parsing turns into it.
      'https://2130706433/',
      'https://0x7f.1/',
    ]) {
      const err = await refusal(outbound.fetch(url));
      expect(err.reason, url).toBe('address');
    }
  });

  it('checks the address a name resolves to: a name resolving to 127.0.0.1 is refused, as is localhost', async () => {
    const asked: string[] = [];
    const outbound = createOutbound({
      resolve: async (hostname) => {
        asked.push(hostname);
        if (hostname === 'push.attacker.example') return [{ address: '127.0.0.1', family: 4 }];
        // One public answer does not cover a private one next to it.
        if (hostname === 'mixed.attacker.example') {
          return [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ];
        }
        if (hostname === 'metadata.attacker.example') return [{ address: '::ffff:169.254.169.254', family: 6 }];
        throw new Error('unknown name');
      },
    });
    for (const url of [
      'https://push.attacker.example/x',
      'https://mixed.attacker.example/x',
      'https://metadata.attacker.example/x',
    ]) {
      expect((await refusal(outbound.fetch(url))).reason, url).toBe('address');
    }
    expect((await refusal(outbound.fetch('https://nowhere.example/'))).reason).toBe('unresolvable');
    expect(asked).toEqual([
      'push.attacker.example',
      'mixed.attacker.example',
      'metadata.attacker.example',
      'nowhere.example',
    ]);
    // The machine's own resolver: localhost is this machine.
    expect((await refusal(createOutbound().fetch('https://localhost/'))).reason).toBe('address');
  });

  it('reaches an allowed local origin only, and connects to the address it checked (no second lookup)', async () => {
    const local = await listener();
    try {
      let lookups = 0;
      // A name no DNS knows: the connection can only reach the listener through the checked answer.
      const origin = `http://stand-in.test:${local.port}`;
      const outbound = createOutbound({
        allowLocal: [origin],
        resolve: async () => {
          lookups += 1;
          return [{ address: '127.0.0.1', family: 4 }];
        },
      });
      const res = await outbound.fetch(`${origin}/hello?x=1`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('ok');
      expect(local.hits).toEqual(['/hello?x=1']);
      expect(lookups).toBe(1);
      expect(outbound.allowsLocal(`${origin}/any`)).toBe(true);

      // The same listener under another origin (its address, not the allowed name) stays refused.
      expect((await refusal(outbound.fetch(`${local.origin}/x`))).reason).toBe('scheme');
      expect((await refusal(outbound.fetch(`https://127.0.0.1:${local.port}/x`))).reason).toBe('address');
      expect(local.hits).toHaveLength(1);
    } finally {
      await local.close();
    }
  });

  it('never follows a redirect: a 3xx fails the call and its Location is not asked', async () => {
    const target = await listener();
    const redirector = await listener((_path, res) => {
      res.statusCode = 302;
      res.setHeader('location', `${target.origin}/internal`);
      res.end();
    });
    try {
      // Both are allowed, so only the redirect rule can stop the second request.
      const outbound = createOutbound({ allowLocal: [redirector.origin, target.origin] });
      const err = await refusal(outbound.fetch(`${redirector.origin}/start`, { method: 'POST', body: 'x' }));
      expect(err.reason).toBe('redirect');
      expect(err.status).toBe(302);
      expect(redirector.hits).toEqual(['/start']);
      expect(target.hits).toEqual([]);
    } finally {
      await redirector.close();
      await target.close();
    }
  });

  it('gives up at its timeout, and on an answer too long to be a provider’s', async () => {
    const silent = await listener(() => {});
    const chatty = await listener((_p, res) => res.end('x'.repeat(4096)));
    try {
      const outbound = createOutbound({
        allowLocal: [silent.origin, chatty.origin],
        timeoutMs: 300,
        maxResponseBytes: 1024,
      });
      const started = Date.now();
      expect((await refusal(outbound.fetch(`${silent.origin}/`))).reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await refusal(outbound.fetch(`${chatty.origin}/`))).reason).toBe('too-large');
    } finally {
      await silent.close();
      await chatty.close();
    }
  });

  it('fails quickly and plainly when nobody listens on an allowed origin', async () => {
    const gone = await listener();
    await gone.close();
    const outbound = createOutbound({ allowLocal: [gone.origin] });
    const started = Date.now();
    expect((await refusal(outbound.fetch(`${gone.origin}/`))).reason).toBe('network');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe('no other way out', () => {
  it('no server file but the outbound client calls fetch or opens an HTTP request itself', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.ts$/.test(name) && !/\.test\.ts$/.test(name)) files.push(full);
      }
    };
    walk(path.resolve('src/server'));
    // The emulator's checkout page carries a browser script that calls this same server.
    const browserScripts = new Set(['src/server/integrations/paystack/checkout-page.ts']);
    const offenders: string[] = [];
    for (const file of files) {
      const rel = path.relative(process.cwd(), file).split(path.sep).join('/');
      if (rel === 'src/server/lib/outbound.ts') continue;
      const text = readFileSync(file, 'utf8');
      // A request over a Unix socket (the operator's backup socket in DATA_DIR) never leaves the
      // machine: allowed where every HTTP request of the file names its socketPath first.
      const requests = text.match(/\bhttps?\.(request|get)\s*\(/g)?.length ?? 0;
      const overSockets = text.match(/\bhttp\.request\(\s*\{\s*socketPath\b/g)?.length ?? 0;
      const calls = [
        !browserScripts.has(rel) && /(^|[^.\w])fetch\s*\(/m.test(text) ? 'fetch(' : null,
        requests > overSockets ? 'http(s).request/get' : null,
        /import\s*\{[^}]*\b(request|get)\b[^}]*\}\s*from\s*'node:https?'/.test(text) ? 'node:http(s) request' : null,
        /from\s*'undici'/.test(text) ? 'undici' : null,
      ].filter(Boolean);
      if (calls.length > 0) offenders.push(`${rel}: ${calls.join(', ')}`);
    }
    expect(offenders).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });
});

describe('the allow-list is configuration, never in production', () => {
  it('is read outside production and refused in production', () => {
    expect(
      loadConfig({ OUTBOUND_ALLOW_LOCAL: 'http://127.0.0.1:4010, http://localhost:4011' }).OUTBOUND_ALLOW_LOCAL,
    ).toEqual(['http://127.0.0.1:4010', 'http://localhost:4011']);
    expect(loadConfig({}).OUTBOUND_ALLOW_LOCAL).toEqual([]);
    expect(() => loadConfig({ OUTBOUND_ALLOW_LOCAL: 'http://127.0.0.1:4010/path' })).toThrow(/OUTBOUND_ALLOW_LOCAL/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        PAYSTACK_SECRET_KEY: 'sk_live_x',
        PAYSTACK_PUBLIC_KEY: 'pk_live_x',
        TERMII_API_KEY: 'termii-key',
        OUTBOUND_ALLOW_LOCAL: 'http://127.0.0.1:4010',
      }),
    ).toThrow(/OUTBOUND_ALLOW_LOCAL.*production/);
  });
});

describe('the app outside production', () => {
  let app: FastifyInstance;
  let local: Awaited<ReturnType<typeof listener>>;
  const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

  beforeAll(async () => {
    local = await listener();
    // NODE_ENV=test, sandbox payments; the Paystack base URL points at a local listener nobody allowed.
    app = await buildTestApp({ env: { PAYSTACK_BASE_URL: `${local.origin}/paystack`, SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
    await local?.close();
  });

  it('refuses a push endpoint that is not a browser push service, whatever its scheme or address', async () => {
    const client = await signInAs(app, '08061000001');
    for (const endpoint of [
      `${local.origin}/push`,
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/push',
      'https://192.168.0.10/push',
      'https://[::1]/push',
      'https://localhost/push',
      'file:///etc/passwd',
      'gopher://127.0.0.1:6379/_FLUSHALL',
      'data:text/plain,hello',
      'https://fcm.googleapis.com.attacker.example/fcm/send/x',
    ]) {
      const res = await injectAs(app, client, {
        method: 'POST',
        url: '/api/client/push-subscription',
        payload: { endpoint, keys },
      });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(400);
    }
    expect(await app.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('sends nothing to a local endpoint kept from before: the subscription is forgotten, the listener hears nothing', async () => {
    const result = await app.push.send(
      { endpoint: `${local.origin}/push/old`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      '{"title":"x"}',
    );
    expect(result).toBe('gone');
    expect(local.hits).toEqual([]);
  });

  it('calls no Paystack base URL on a local address unless a test or the configuration allows it', async () => {
    const err = await app.paystack.verifyTransaction('ref-1').then(
      () => null,
      (e: unknown) => e as { type?: string; additionalInfo?: { cause?: string } },
    );
    expect(err?.type).toBe(ErrorType.PaymentGatewayError);
    expect(err?.additionalInfo?.cause).toMatch(/only https/i);
    expect(local.hits).toEqual([]);
  });
});

describe('a push subscription belongs to whoever registered it first', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ env: { SEED_DEMO: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  const endpoint = 'https://fcm.googleapis.com/fcm/send/device-of-ada';
  const keysOf = (n: string) => ({ p256dh: `B${n.repeat(86)}`, auth: `${n.repeat(22)}` });
  const subscribe = (session: Awaited<ReturnType<typeof signInAs>>, keys: ReturnType<typeof keysOf>) =>
    injectAs(app, session, { method: 'POST', url: '/api/client/push-subscription', payload: { endpoint, keys } });
  const rows = () => app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

  it('refuses a second client (409) and changes nothing; the owner may renew it, and once dropped it is free', async () => {
    const ada = await signInAs(app, '08062000001');
    const mallory = await signInAs(app, '08062000002');

    expect((await subscribe(ada, keysOf('A'))).statusCode).toBe(200);
    const before = await rows();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ clientId: ada.clientId, p256dh: keysOf('A').p256dh });

    const taken = await subscribe(mallory, keysOf('M'));
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      type: ErrorType.Conflict,
      additionalInfo: { field: 'endpoint', reason: 'PushSubscriptionTaken' },
    });
    expect(await rows()).toEqual(before);
    // Mallory's switch was not turned on by the refused call either.
    const settings = await injectAs(app, mallory, { method: 'GET', url: '/api/client/notifications' });
    expect(settings.json()).toMatchObject({ pushDevices: 0 });

    // The owner's browser renews its keys: accepted.
    expect((await subscribe(ada, keysOf('B'))).statusCode).toBe(200);
    expect(await rows()).toMatchObject([{ clientId: ada.clientId, p256dh: keysOf('B').p256dh }]);

    // Mallory cannot drop it either: her delete touches only her own subscriptions.
    await injectAs(app, mallory, { method: 'DELETE', url: '/api/client/push-subscription', payload: { endpoint } });
    expect(await rows()).toHaveLength(1);

    // Once Ada drops it, the next client to register it owns it.
    await injectAs(app, ada, { method: 'DELETE', url: '/api/client/push-subscription', payload: { endpoint } });
    expect(await rows()).toEqual([]);
    expect((await subscribe(mallory, keysOf('M'))).statusCode).toBe(200);
    expect(await rows()).toMatchObject([{ clientId: mallory.clientId }]);
  });
});
