// What an operator watches: GET /metrics (request durations by route pattern and status, sockets,
// SMS and Paystack failures, the outbox and unhandled payment problems, the pool, Node's own
// metrics, statement times, the newest backup), closed in production unless METRICS_TOKEN is set and sent; and request logs that name
// the request (x-request-id, echoed) and who made it.

import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { backupFileName } from '../../src/server/db/backup';
import { setEmulatorFailure } from '../../src/server/integrations/paystack/emulator';
import { notificationOutbox } from '../../src/server/modules/notification/tables';
import { recordPaymentError } from '../../src/server/modules/payment';
import { paymentErrors } from '../../src/server/modules/payment/tables';
import { connectPickupSocket, putOnShift } from '../../src/server/test-utils/pickup';
import { buildTestApp, injectAs, type Session, signInAs } from '../../src/server/test-utils/test-app';
import { startTermiiStub } from './support/termii-stub';

type Labels = Record<string, string>;

/** One sample of a scrape by metric name and its exact labels; undefined when the scrape has none. */
function sample(text: string, name: string, labels: Labels = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(got).length && wanted.every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** How much a sample grew between two scrapes (absent counts as 0). */
const grew = (before: string, after: string, name: string, labels: Labels) =>
  (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);

const requests = 'arrive_http_request_duration_seconds_count';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('metrics and request logs outside production', () => {
  let app: FastifyInstance;
  let url: string;
  let stub: Awaited<ReturnType<typeof startTermiiStub>>;
  let client: Session;
  const logs: Record<string, unknown>[] = [];

  const scrape = async () => {
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const linesOf = (reqId: string) => logs.filter((line) => line.reqId === reqId);

  beforeAll(async () => {
    stub = await startTermiiStub();
    app = await buildTestApp({
      env: { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'termii-metrics-test', TERMII_BASE_URL: stub.url },
      allowLocalOrigins: [stub.url],
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line)) } },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    client = await signInAs(app, '08030000091');
  });
  afterAll(async () => {
    setEmulatorFailure(app, null);
    await app?.close();
    await stub?.close();
  });

  it('labels request durations by method, route pattern and status, never by the address as sent', async () => {
    const before = await scrape();
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ method: 'GET', url: '/api/app/data' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/order/ORD-SECRET-1' })).statusCode).toBe(401);
    expect((await injectAs(app, client, { method: 'GET', url: '/api/order/ORD-SECRET-2' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/nothing/here-SECRET-3' })).statusCode).toBe(404);
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const after = res.body;

    const get = (route: string, status: string) => ({ method: 'GET', route, status_code: status });
    expect(grew(before, after, requests, get('/api/app/data', '200'))).toBe(2);
    expect(grew(before, after, requests, get('/api/order/:orderNumber', '401'))).toBe(1);
    expect(grew(before, after, requests, get('/api/order/:orderNumber', '404'))).toBe(1);
    expect(grew(before, after, requests, get('/api/app/data', '404'))).toBe(0);
    expect(grew(before, after, requests, get('unmatched', '404'))).toBe(1);
    expect(after).not.toMatch(/SECRET/);
    // The histogram's buckets, by the same labels.
    expect(
      sample(after, 'arrive_http_request_duration_seconds_bucket', { ...get('/api/app/data', '200'), le: '+Inf' }),
    ).toBeGreaterThanOrEqual(2);
    // Node's own metrics on the app's registry.
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(sample(after, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts the sockets connected to this instance', async () => {
    const socket = await connectPickupSocket(url, { cookie: client.cookie });
    try {
      expect(sample(await scrape(), 'arrive_socketio_connected_sockets')).toBe(1);
    } finally {
      socket.close();
    }
    await expect
      .poll(async () => sample(await scrape(), 'arrive_socketio_connected_sockets'), { timeout: 10_000 })
      .toBe(0);
  });

  it('counts each SMS the provider failed to send, and only those', async () => {
    const before = await scrape();
    expect(sample(before, 'arrive_sms_send_failures_total', { provider: 'termii' })).toBe(0);
    stub.failNext(500);
    try {
      const failed = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: { 'x-platform': 'web' },
        payload: { phoneNumber: '08030000092' },
      });
      expect(failed.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      stub.failNext(null);
    }
    const sent = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { 'x-platform': 'web' },
      payload: { phoneNumber: '08030000093' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(grew(before, await scrape(), 'arrive_sms_send_failures_total', { provider: 'termii' })).toBe(1);
  });

  it('counts Paystack failures by operation and reason; the error log names the request and the client', async () => {
    const before = await scrape();
    setEmulatorFailure(app, { mode: 'error', times: 1 });
    const res = await injectAs(app, client, {
      method: 'POST',
      url: '/api/wallet/create',
      headers: { 'x-request-id': 'metrics-wallet-create-1' },
      payload: { firstname: 'Ada', lastname: 'Obi', email: 'ada@example.com', consentGiven: true },
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.headers['x-request-id']).toBe('metrics-wallet-create-1');
    const after = await scrape();
    expect(
      grew(before, after, 'arrive_paystack_failures_total', { operation: 'create_customer', reason: 'refused' }),
    ).toBe(1);
    const failure = linesOf('metrics-wallet-create-1').find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, clientId: client.clientId });
  });

  it('reads the outbox backlog and the payment problems nobody has taken up from the database', async () => {
    const before = await scrape();
    await app.db.insert(notificationOutbox).values({
      clientId: client.clientId,
      channel: 'sms',
      kind: 'order-paid',
      eventKey: `metrics-test:${Date.now()}`,
    });
    await recordPaymentError(app.db, { reference: 'metrics-test-ref', type: 'NotFound', message: 'metrics test' });
    const after = await scrape();
    expect(grew(before, after, 'arrive_notification_outbox_messages', { state: 'due' })).toBe(1);
    expect(grew(before, after, 'arrive_notification_outbox_messages', { state: 'pending' })).toBe(1);
    expect(grew(before, after, 'arrive_reconciliation_mismatches', { source: 'payments' })).toBe(1);

    await app.db
      .update(paymentErrors)
      .set({ status: 'Resolved' })
      .where(eq(paymentErrors.reference, 'metrics-test-ref'));
    expect(grew(before, await scrape(), 'arrive_reconciliation_mismatches', { source: 'payments' })).toBe(0);
  });

  it('shows the connection pool on PostgreSQL, and no pool on PGlite', async () => {
    const text = await scrape();
    if (app.database.kind === 'postgres') {
      expect(sample(text, 'arrive_db_pool_max_connections')).toBe(10);
      expect(sample(text, 'arrive_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'arrive_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'arrive_db_pool_waiting_requests')).toBe(0);
    } else {
      expect(text).not.toMatch(/arrive_db_pool/);
    }
  });

  it('times every statement, those of a transaction and those that fail too', async () => {
    const name = 'arrive_db_statement_duration_seconds_count';
    const before = await scrape();
    await app.db.execute(sql`select 1`);
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
      await tx.execute(sql`select 3`);
    });
    await expect(app.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    const after = await scrape();
    // The transaction's BEGIN and COMMIT are statements as well.
    expect(grew(before, after, name, { outcome: 'ok' })).toBeGreaterThanOrEqual(5);
    expect(grew(before, after, name, { outcome: 'error' })).toBe(1);
  });

  it('echoes a sane x-request-id and replaces any other with a fresh one', async () => {
    const idOf = async (headers: InjectOptions['headers']) =>
      (await app.inject({ method: 'GET', url: '/api/app/data', headers })).headers['x-request-id'];
    expect(await idOf({ 'x-request-id': 'lb-7f3a.9:2' })).toBe('lb-7f3a.9:2');
    for (const bad of ['two words', 'x'.repeat(129), 'a"b', '']) {
      expect(await idOf({ 'x-request-id': bad }), bad).toMatch(UUID);
    }
    const first = await idOf({});
    expect(first).toMatch(UUID);
    expect(await idOf({})).not.toBe(first);
  });

  it('names the signed-in client, and a staff member with their role, in the request log', async () => {
    const asClient = await injectAs(app, client, {
      method: 'GET',
      url: '/api/wallet/client',
      headers: { 'x-request-id': 'metrics-log-client' },
    });
    expect(asClient.statusCode, asClient.body).toBe(200);
    expect(linesOf('metrics-log-client').find((l) => l.msg === 'request completed')).toMatchObject({
      clientId: client.clientId,
    });

    const counter = await signInAs(app, '08030000094');
    const staffId = await putOnShift(app, counter.clientId);
    const asStaff = await injectAs(app, counter, {
      method: 'GET',
      url: '/api/shift/active',
      headers: { 'x-request-id': 'metrics-log-staff' },
    });
    expect(asStaff.statusCode, asStaff.body).toBe(200);
    expect(linesOf('metrics-log-staff').find((l) => l.msg === 'request completed')).toMatchObject({
      clientId: counter.clientId,
      staffId,
      staffRole: 'Sales Associate',
    });
    // A visitor's lines name nobody.
    await app.inject({ method: 'GET', url: '/api/app/data', headers: { 'x-request-id': 'metrics-log-visitor' } });
    const visitor = linesOf('metrics-log-visitor').find((l) => l.msg === 'request completed');
    expect(visitor).toBeDefined();
    expect(visitor).not.toHaveProperty('clientId');
  });

  it('keeps /metrics out of the API document', async () => {
    const doc = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(doc.json().paths)).not.toContain('/metrics');
  });
});

describe('the daily backups in /metrics', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'arrive-metrics-backups-'));
    app = await buildTestApp({ env: { BACKUP_DIR: dir } });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const lastBackup = async () =>
    sample((await app.inject({ method: 'GET', url: '/metrics' })).body, 'arrive_backup_last_written_timestamp_seconds');

  it('says when the newest backup was written, and 0 before the first', async () => {
    expect(await lastBackup()).toBe(0);
    const written = new Date('2026-03-01T02:00:00.000Z');
    const older = new Date('2026-02-28T02:00:00.000Z');
    for (const [at, mtime] of [
      [written, written],
      [older, older],
    ] as const) {
      const file = path.join(dir, backupFileName('pglite', at));
      writeFileSync(file, 'backup');
      utimesSync(file, mtime, mtime);
    }
    // Not a backup: ignored however new.
    writeFileSync(path.join(dir, 'notes.txt'), 'x');
    expect(await lastBackup()).toBe(written.getTime() / 1000);
  });
});

describe('GET /metrics in production', () => {
  const TOKEN = 'metrics-token-for-the-production-test-0123';
  const live = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'a-production-secret-that-is-long-enough-0123456789',
    PUBLIC_URL: 'https://arrive.example',
    PAYSTACK_SECRET_KEY: 'sk_live_metrics',
    PAYSTACK_PUBLIC_KEY: 'pk_live_metrics',
    // Nothing listens there: no test here may reach a real provider.
    PAYSTACK_BASE_URL: 'http://127.0.0.1:9/paystack',
    TERMII_API_KEY: 'termii-metrics',
    TERMII_BASE_URL: 'http://127.0.0.1:9',
  };
  const REMOTE = '203.0.113.7';
  let closed: FastifyInstance;
  let guarded: FastifyInstance;
  beforeAll(async () => {
    closed = await buildTestApp({ env: live });
    guarded = await buildTestApp({ env: { ...live, METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await closed?.close();
    await guarded?.close();
  });
  const metrics = (app: FastifyInstance, options: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'GET', url: '/metrics', ...options });

  it('does not exist without METRICS_TOKEN, not even for this machine', async () => {
    for (const options of [
      { remoteAddress: REMOTE },
      { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } },
      {},
    ]) {
      const res = await metrics(closed, options);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ type: 'NotFound', status: 404 });
      expect(res.body).not.toMatch(/arrive_/);
    }
  });

  it('refuses a caller without the token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const res = await metrics(guarded, { remoteAddress: REMOTE, headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ type: 'UnAuthorized', status: 401 });
      expect(res.body).not.toMatch(/arrive_/);
    }
    // A proxy on this machine forwards everyone: loopback behind a forwarding header is not local.
    const forwarded = await metrics(guarded, { headers: { 'x-forwarded-for': REMOTE } });
    expect(forwarded.statusCode).toBe(401);
  });

  it('answers the token, and a scraper on this machine', async () => {
    const withToken = await metrics(guarded, { remoteAddress: REMOTE, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toMatch(/# TYPE arrive_http_request_duration_seconds histogram/);
    const local = await metrics(guarded, { remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(
      sample(local.body, requests, { method: 'GET', route: '/metrics', status_code: '401' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('refuses a token short enough to guess', () => {
    expect(() => loadConfig({ ...live, METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...live, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
