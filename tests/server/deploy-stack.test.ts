// The production stack of deploy/, started on this machine on loopback only: nginx (Debian's
// package) on deploy/nginx/arrive.conf and upstreams.conf with a self-signed certificate, in front
// of two server processes with NODE_ENV=production that share a fresh PostgreSQL database and a
// Redis of this test's own. A client's journey goes through nginx over HTTPS and HTTP/2: health,
// sign-in by SMS code, an order placed and paid, and the pickup hand-over with the counter's socket
// on one instance and the phone's on the other, so the events cross instances through Redis.
//
// A production process never calls a local address (lib/outbound.ts), so no stub can stand in for
// Termii or Paystack here: the instances run as a staging site (ALLOW_SANDBOX_IN_PRODUCTION, the
// built-in Paystack emulator, console SMS read from the instances' logs, the demo data). The rest
// of the production settings are the real thing.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { io as connectSocket, type ManagerOptions, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent, type PickupSocket } from '../../src/server/test-utils/pickup';
import { createFreshDatabase, postgresReachable } from '../../src/server/test-utils/test-app';
import { freePort, OwnRedis, redisServerAvailable } from './support/redis-server';
import { ServerProcess } from './support/server-process';

const DATABASE_SERVER = process.env.TEST_DATABASE_URL;
const CEO = '08010000001';
const CLIENT = '08010000002';

function nginxBinary(): string | null {
  const dirs = ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')];
  for (const dir of dirs) {
    const file = path.join(dir, 'nginx');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

const nginx = nginxBinary();
const skipReason = !DATABASE_SERVER
  ? 'TEST_DATABASE_URL is not set (the stack runs in the PostgreSQL pass)'
  : !nginx
    ? 'nginx is not installed (apt-get install nginx; .ci/run installs it)'
    : spawnSync('openssl', ['version'], { stdio: 'ignore' }).status !== 0
      ? 'openssl is not installed'
      : !redisServerAvailable()
        ? 'redis-server is not installed'
        : !(await postgresReachable(DATABASE_SERVER))
          ? 'PostgreSQL is not reachable at TEST_DATABASE_URL'
          : null;
if (skipReason) console.warn(`deploy-stack: skipped: ${skipReason}`);

/** deploy/nginx/arrive.conf with its ports and paths swapped for this run's; every swap must apply. */
function siteConfig(dir: string, httpPort: number, httpsPort: number): string {
  let text = readFileSync('deploy/nginx/arrive.conf', 'utf8');
  const swaps: [RegExp, string][] = [
    [/\/etc\/nginx\/arrive\//g, `${dir}/`],
    [/\/var\/log\/nginx\//g, `${dir}/`],
    [/^\s*listen \[::\]:\d+.*$/gm, ''],
    [/listen 443 /g, `listen 127.0.0.1:${httpsPort} `],
    [/listen 80 /g, `listen 127.0.0.1:${httpPort} `],
  ];
  for (const [pattern, replacement] of swaps) {
    expect(text, `deploy/nginx/arrive.conf no longer has ${pattern}`).toMatch(pattern);
    text = text.replace(pattern, replacement);
  }
  return text;
}

/** deploy/nginx/upstreams.conf with the instances' ports. */
function upstreamsConfig(ports: number[]): string {
  const text = readFileSync('deploy/nginx/upstreams.conf', 'utf8');
  expect(text).toMatch(/127\.0\.0\.1:8081/);
  expect(text).toMatch(/127\.0\.0\.1:8082/);
  return text
    .replaceAll('127.0.0.1:8081', `127.0.0.1:${ports[0]}`)
    .replaceAll('127.0.0.1:8082', `127.0.0.1:${ports[1]}`);
}

/** What Debian's /etc/nginx/nginx.conf sets around a site (gzip on included), with this run's paths. */
function mainConfig(dir: string): string {
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `  ${name}_temp_path ${dir}/${name}_temp;`)
    .join('\n');
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  gzip on;
${temp}
  include ${dir}/arrive.conf;
}
`;
}

async function tlsReady(port: number, timeoutMs: number, nginxProcess: ChildProcess, errorLog: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (nginxProcess.exitCode !== null) throw new Error(`nginx exited: ${readFileSync(errorLog, 'utf8')}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer on ${port}`);
}

type Answer = { status: number; headers: http2.IncomingHttpHeaders; text: string; json: <T>() => T };

/** One HTTP/2 connection to nginx, as a phone keeps one, with the phone's cookies. */
class H2Client {
  readonly session: http2.ClientHttp2Session;
  private readonly cookies = new Map<string, string>();

  constructor(origin: string, ca: string, localAddress = '127.0.0.1') {
    const { hostname, port } = new URL(origin);
    this.session = http2.connect(origin, {
      createConnection: () =>
        tlsConnect({
          socket: netConnect({ host: hostname, port: Number(port), localAddress }),
          ca,
          servername: 'localhost',
          ALPNProtocols: ['h2'],
        }),
    });
    this.session.on('error', () => {});
  }

  get cookie(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get accessToken(): string {
    return decodeURIComponent(this.cookies.get('arrive_at') ?? '');
  }

  request(method: string, urlPath: string, body?: unknown): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const stream = this.session.request({
        ':method': method,
        ':path': urlPath,
        'accept-encoding': 'identity',
        'x-platform': 'web',
        ...(this.cookies.size ? { cookie: this.cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      });
      let headers: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => {
        headers = h;
        for (const line of [h['set-cookie'] ?? []].flat()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          if (at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: Number(headers[':status']), headers, text, json: <T>() => JSON.parse(text) as T });
      });
      stream.setTimeout(15_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
      stream.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }

  close() {
    this.session.close();
  }
}

describe.skipIf(skipReason !== null)(
  `the production stack of deploy/ (nginx, two instances, PostgreSQL, Redis)${skipReason ? ` — skipped: ${skipReason}` : ''}`,
  () => {
    let dir = '';
    const instances: ServerProcess[] = [];
    const sockets: PickupSocket[] = [];
    const clients: H2Client[] = [];
    let redis: OwnRedis | null = null;
    let dropDatabase: (() => Promise<void>) | null = null;
    let nginxProcess: ChildProcess | null = null;
    let httpPort = 0;
    let httpsPort = 0;
    let ca = '';
    const metricsToken = randomBytes(24).toString('base64url');
    const origin = () => `https://127.0.0.1:${httpsPort}`;
    const killNginx = () => nginxProcess?.exitCode === null && nginxProcess.kill('SIGKILL');

    beforeAll(async () => {
      process.once('exit', killNginx);
      dir = mkdtempSync(path.join(tmpdir(), 'arrive-stack-'));
      // Workers run as nobody when the test runs as root: they must reach their temp folders.
      chmodSync(dir, 0o755);
      mkdirSync(path.join(dir, 'tls'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
          '-addext',
          'subjectAltName=DNS:localhost,IP:127.0.0.1',
          '-keyout',
          path.join(dir, 'tls/privkey.pem'),
          '-out',
          path.join(dir, 'tls/fullchain.pem'),
        ],
        { stdio: 'pipe' },
      );
      ca = readFileSync(path.join(dir, 'tls/fullchain.pem'), 'utf8');
      [httpPort, httpsPort] = [await freePort(), await freePort()];
      const ports = [await freePort(), await freePort()];

      const [database, ownRedis] = await Promise.all([
        createFreshDatabase(DATABASE_SERVER as string, 'arrive_stack'),
        OwnRedis.start(),
      ]);
      dropDatabase = database.drop;
      redis = ownRedis;
      const staticDir = path.join(dir, 'static');
      mkdirSync(staticDir);
      writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Arrive</title><p>arrive-stack</p>\n');
      const vapid = createECDH('prime256v1');
      vapid.generateKeys();
      const env = {
        NODE_ENV: 'production',
        PUBLIC_URL: `https://localhost:${httpsPort}`,
        REDIS_URL: redis.url,
        SESSION_SECRET: randomBytes(36).toString('base64url'),
        TRUST_PROXY: '127.0.0.1',
        METRICS_TOKEN: metricsToken,
        VAPID_PUBLIC_KEY: vapid.getPublicKey('base64url'),
        VAPID_PRIVATE_KEY: vapid.getPrivateKey('base64url'),
        DATA_DIR: path.join(dir, 'data'),
        STATIC_DIR: staticDir,
        LOG_LEVEL: 'info',
        // A staging site: see the top of this file.
        ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        PAYMENT_MODE: 'sandbox',
        SMS_PROVIDER: 'console',
        SEED_DEMO: 'true',
      };
      // One after the other, as deploy/ does (migrations first): the first migrates and seeds.
      for (const port of ports) {
        const instance = ServerProcess.start({ port, databaseUrl: database.url, env });
        instances.push(instance);
        await instance.waitHealthy(30_000);
      }

      writeFileSync(path.join(dir, 'upstreams.conf'), upstreamsConfig(ports));
      writeFileSync(path.join(dir, 'arrive.conf'), siteConfig(dir, httpPort, httpsPort));
      writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
      const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
      const checked = spawnSync(nginx as string, [...args, '-t'], { encoding: 'utf8' });
      expect(checked.status, `nginx -t: ${checked.stderr}`).toBe(0);
      nginxProcess = spawn(nginx as string, args, { stdio: 'ignore' });
      await tlsReady(httpsPort, 10_000, nginxProcess, path.join(dir, 'error.log'));
    }, 90_000);

    afterAll(async () => {
      for (const socket of sockets) socket.close();
      for (const client of clients) client.close();
      if (nginxProcess && nginxProcess.exitCode === null) {
        const exited = new Promise((resolve) => nginxProcess?.once('exit', resolve));
        nginxProcess.kill('SIGTERM');
        await exited;
      }
      process.removeListener('exit', killNginx);
      await Promise.all(instances.map((instance) => instance.stop()));
      await dropDatabase?.();
      await redis?.stop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }, 30_000);

    const failureContext = () =>
      [
        ...instances.map((instance, i) => `instance ${i + 1}:\n${instance.log()}`),
        `nginx error.log:\n${(() => {
          try {
            return readFileSync(path.join(dir, 'error.log'), 'utf8');
          } catch {
            return '';
          }
        })()}`,
      ].join('\n');

    /** The code the console SMS provider of whichever instance sent it logged, the newest. */
    async function smsCode(phone: string): Promise<string> {
      const tail = phone.slice(1);
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        for (const instance of instances) {
          for (const line of instance.lines().reverse()) {
            if (!line.includes('console provider')) continue;
            const entry = JSON.parse(line) as { to?: string; sms?: string };
            const code = entry.to?.endsWith(tail) ? /\b(\d{6})\b/.exec(entry.sms ?? '')?.[1] : undefined;
            if (code) return code;
          }
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no SMS code for ${phone}:\n${failureContext()}`);
    }

    async function signIn(phone: string, localAddress: string): Promise<H2Client> {
      const client = new H2Client(origin(), ca, localAddress);
      clients.push(client);
      const login = await client.request('POST', '/api/auth/login', { phoneNumber: phone });
      expect(login.status, login.text).toBe(200);
      const confirmed = await client.request('POST', '/api/auth/opt_confirmation', {
        optCode: await smsCode(phone),
        mobileNumber: phone,
      });
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(client.accessToken).not.toBe('');
      return client;
    }

    /** How many Socket.IO connections each instance holds, from its /metrics. */
    async function socketsPerInstance(): Promise<number[]> {
      return Promise.all(
        instances.map(async (instance) => {
          const res = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
          const text = await res.text();
          expect(res.status, text).toBe(200);
          return Number(/^arrive_socketio_connected_sockets (\d+)/m.exec(text)?.[1] ?? Number.NaN);
        }),
      );
    }

    /** A pickup-channel socket through nginx (wss, HTTP/1.1 upgrade) from a loopback address. */
    async function channel(token: string, localAddress: string, platform: 'web' | 'mobile'): Promise<PickupSocket> {
      // engine.io-client hands localAddress to the WebSocket in Node, though its types omit it.
      const options: Partial<ManagerOptions & SocketOptions> & { localAddress: string } = {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ca,
        localAddress,
        auth: { token, platform },
      };
      const socket: PickupSocket = connectSocket(origin(), options);
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the socket did not connect within 5 s')), 5_000);
        socket.once('connect', () => {
          clearTimeout(timer);
          resolve();
        });
        socket.once('connect_error', (err) => {
          clearTimeout(timer);
          reject(err);
        });
      });
      return socket;
    }

    /** Waits until the instances hold `expected` sockets in all, and answers which holds how many. */
    async function settledSockets(expected: number): Promise<number[]> {
      const deadline = Date.now() + 3_000;
      let counts = await socketsPerInstance();
      while (counts.reduce((a, b) => a + b, 0) !== expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        counts = await socketsPerInstance();
      }
      return counts;
    }

    let client: H2Client;
    let order: { id: string; orderNumber: string };

    it('answers over HTTP/2 with TLS, the production headers on, and sends plain http to https', async () => {
      const probe = new H2Client(origin(), ca);
      clients.push(probe);
      const health = await probe.request('GET', '/api/app/health');
      expect(probe.session.alpnProtocol, 'the answer came over HTTP/2').toBe('h2');
      expect(health.status, `${health.text}\n${failureContext()}`).toBe(200);
      expect(health.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(health.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(health.headers.server, 'nginx names no version').toBe('nginx');

      const home = await probe.request('GET', '/');
      expect(home.status).toBe(200);
      expect(home.text).toContain('arrive-stack');
      expect(home.headers['content-security-policy']).toBeTruthy();
      // A staging site: the codes' outbox is for a signed-in CEO only.
      expect((await probe.request('GET', '/api/dev/outbox')).status).toBe(401);

      const plain = await fetch(`http://127.0.0.1:${httpPort}/api/app/health`, { redirect: 'manual' });
      expect(plain.status).toBe(301);
      expect(plain.headers.get('location')).toBe('https://127.0.0.1/api/app/health');
    });

    it('signs a client in by SMS code, and the instances see the phone’s address (X-Forwarded-For)', async () => {
      client = await signIn(CLIENT, '127.0.0.2');
      const me = await client.request('GET', '/api/auth/cookie_auth');
      expect(me.status, me.text).toBe(200);
      // nginx connects from 127.0.0.1; TRUST_PROXY names it, so the server logs the phone's address.
      const logged = instances.flatMap((instance) => instance.lines()).filter((l) => l.includes('"remoteAddress"'));
      expect(logged.some((l) => l.includes('"remoteAddress":"127.0.0.2"'))).toBe(true);
    });

    it('places an order and pays it by card (the emulator’s checkout)', async () => {
      const catalogue = await client.request('GET', '/api/product/');
      expect(catalogue.status, catalogue.text).toBe(200);
      const { products } = catalogue.json<{ products: { id: string; type: string }[] }>();
      const burner = products.find((p) => p.type === 'Burner') ?? products[0];
      expect(burner).toBeTruthy();
      const placed = await client.request('POST', '/api/order/new', {
        type: 'Product',
        items: [{ productId: burner?.id, quantity: 1 }],
        deliveryOption: 'PickerUP',
      });
      expect(placed.status, placed.text).toBe(201);
      order = placed.json<{ id: string; orderNumber: string }>();
      const checkout = await client.request('POST', '/api/payment/initiate/order', { orderNumber: order.orderNumber });
      expect(checkout.status, checkout.text).toBe(200);
      const { accessCode, paymentNumber } = checkout.json<{ accessCode: string; paymentNumber: string }>();
      // The emulator keeps a checkout in the memory of the instance that started it (a staging
      // site's emulator is not shared): the card is paid once nginx sends the page's "pay" there.
      let paid = await client.request('POST', `/sandbox/checkout/${accessCode}/pay`);
      for (let i = 0; i < 6 && paid.status === 404; i++) {
        paid = await client.request('POST', `/sandbox/checkout/${accessCode}/pay`);
      }
      expect(paid.status, paid.text).toBeLessThan(300);
      // Its webhook marks the order paid (the success page's verify would ask whichever instance).
      let status = '';
      for (let i = 0; i < 50 && status !== 'Paid'; i++) {
        status = (await client.request('GET', `/api/order/${order.orderNumber}`)).json<{ status: string }>().status;
        if (status !== 'Paid') await new Promise((r) => setTimeout(r, 100));
      }
      expect(status, `payment ${paymentNumber}`).toBe('Paid');
    });

    it('hands the order over at the counter with the counter on one instance and the phone on the other', async () => {
      const counter = await signIn(CEO, '127.0.0.1');
      const active = await counter.request('GET', '/api/shift/active');
      if (!active.json<{ shift: unknown }>().shift) {
        const started = await counter.request('POST', '/api/shift/start', { openingFloat: 0 });
        expect(started.status, started.text).toBe(201);
      }
      const desk = await channel(counter.accessToken, '127.0.0.1', 'web');
      const deskCounts = await settledSockets(1);
      const deskInstance = deskCounts.indexOf(1);
      expect(deskInstance, `sockets per instance: ${deskCounts}`).toBeGreaterThanOrEqual(0);

      // nginx picks the socket's instance by the client's address: try addresses until the
      // phone's socket lands on the instance the counter is not on.
      let phone: PickupSocket | null = null;
      for (let last = 2; last < 40 && !phone; last++) {
        const candidate = await channel(client.accessToken, `127.0.0.${last}`, 'mobile');
        const counts = await settledSockets(2);
        if (counts[1 - deskInstance] === 1) phone = candidate;
        else {
          candidate.close();
          await settledSockets(1);
        }
      }
      if (!phone) throw new Error('no loopback address put the phone on the other instance');

      const opened = nextEvent(desk, 'requestConfirmationStaff', (p) => p.orderId === order.id);
      const prompt = nextEvent(phone, 'requestPickupConfirmation', (p) => p.orderId === order.id);
      const asked = await desk.emitWithAck('requestConfirmationStaff', { orderId: order.id });
      expect(asked.ok, JSON.stringify(asked)).toBe(true);
      expect((await opened).clientOnline, 'the phone is seen online across instances').toBe(true);
      const request = await prompt;

      const approval = nextEvent(desk, 'StaffConfirmApproval', (p) => p.pickupId === request.pickupId);
      const handed = nextEvent(phone, 'staffConfirm', (p) => p.pickupId === request.pickupId);
      const answered = await phone.emitWithAck('pickupConfirmationResponse', {
        pickupId: request.pickupId,
        action: 'Approve',
      });
      expect(answered.ok, JSON.stringify(answered)).toBe(true);
      await approval;
      await handed;

      const after = await client.request('GET', `/api/order/${order.orderNumber}`);
      expect(after.json<{ status: string }>().status).toBe('Delivered');
      // And nginx's own log shows the journey's requests came over HTTP/2.
      const accessLog = readFileSync(path.join(dir, 'arrive.access.log'), 'utf8');
      expect(accessLog).toMatch(/"GET \/api\/order\/\S+ HTTP\/2\.0" 200 .* HTTP\/2\.0/);
    });
  },
);
