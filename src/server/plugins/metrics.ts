import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError, ErrorType } from '../../domain/errors';
import type { PoolCounts } from '../db/client';
import { notFoundError } from './errors';

/**
 * Counts read from the database on each scrape, handed in by app.ts from the modules that own the
 * tables (a plugin imports no module). Each is one cheap indexed count.
 */
export type MetricsPluginOptions = {
  /** Notification messages not sent yet: due now, and pending in all. */
  outboxBacklog?: () => Promise<{ due: number; pending: number }>;
  /** Payment problems on record that no staff member has taken up yet. */
  paymentProblems?: () => Promise<number>;
  /** When the newest daily backup was written (BACKUP_DIR), null when there is none yet. */
  lastBackupAt?: () => Promise<Date | null>;
};

/**
 * What the integrations report, passed to them by app.ts as their own small interfaces
 * (SmsMetrics, PaystackMetrics): they never import this plugin.
 */
export type Metrics = {
  smsSendFailed(provider: string): void;
  paystackCallFailed(operation: string, reason: string): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's own metrics (a registry per app: tests build several apps in one process). */
    metrics: Metrics;
  }
}

/** Request durations, in seconds: an API answer is expected in tens of milliseconds, a slow one in seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Statement durations, in seconds: most take a millisecond or less, a report's a second. */
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
/** A request no route matched: one label for all of them, never the address as sent. */
const UNMATCHED = 'unmatched';
/** The loopback range and its IPv4-mapped form. */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A scraper on this machine (a sidecar agent): the connection comes from loopback and names no
 * client behind it. A reverse proxy on the same machine connects from loopback too, for anyone on
 * the Internet, so a request carrying a forwarding header never counts as local, whatever
 * TRUST_PROXY says.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return LOOPBACK.test(request.socket.remoteAddress ?? '');
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics` in Prometheus' text format, and the request histogram behind it. Outside
 * production it is open; in production it exists only when METRICS_TOKEN is set, and then answers
 * `Authorization: Bearer <METRICS_TOKEN>` or a scraper on this machine.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsPluginOptions) => {
  const registry = new Registry();
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'arrive_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code: duration in seconds (_count: requests).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  // The hot path: one observation per answer, labelled with the route's pattern.
  app.addHook('onResponse', (request, reply, done) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const smsFailures = new Counter({
    name: 'arrive_sms_send_failures_total',
    help: 'SMS the provider could not send (unreachable or refused), by provider.',
    labelNames: ['provider'] as const,
    registers,
  });
  // Present from the start, so a rate over it sees the first failure.
  smsFailures.inc({ provider: app.config.SMS_PROVIDER }, 0);
  const paystackFailures = new Counter({
    name: 'arrive_paystack_failures_total',
    help: 'Calls to Paystack that failed, by operation and reason (unreachable, unreadable, refused).',
    labelNames: ['operation', 'reason'] as const,
    registers,
  });
  app.decorate('metrics', {
    smsSendFailed: (provider: string) => smsFailures.inc({ provider }),
    paystackCallFailed: (operation: string, reason: string) => paystackFailures.inc({ operation, reason }),
  } satisfies Metrics);

  const sockets = new Gauge({
    name: 'arrive_socketio_connected_sockets',
    help: 'Socket.IO connections open on this instance (signed-in devices on the pickup and order channel).',
    registers,
    collect() {
      // The realtime plugin registers after this one; a scrape only comes once the app is ready.
      sockets.set(app.hasDecorator('io') ? app.io.of('/').sockets.size : 0);
    },
  });

  const database = app.database;
  const statementDuration = new Histogram({
    name: 'arrive_db_statement_duration_seconds',
    help: 'Database statements by outcome (ok or error): time from sending to the answer, in seconds, waiting for a connection not included.',
    labelNames: ['outcome'] as const,
    buckets: STATEMENT_BUCKETS,
    registers,
  });
  database.observeStatements((seconds, failed) =>
    statementDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds),
  );
  if (database.poolCounts()) {
    const poolGauge = (name: string, help: string, pick: (counts: PoolCounts) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers,
        collect() {
          const counts = database.poolCounts();
          if (counts) gauge.set(pick(counts));
        },
      });
    };
    poolGauge('arrive_db_pool_connections', 'PostgreSQL connections the pool holds open.', (c) => c.total);
    poolGauge('arrive_db_pool_idle_connections', 'PostgreSQL connections open and free.', (c) => c.idle);
    poolGauge(
      'arrive_db_pool_waiting_requests',
      'Statements waiting for a free PostgreSQL connection.',
      (c) => c.waiting,
    );
    poolGauge('arrive_db_pool_max_connections', 'The pool size (connections at most).', (c) => c.max);
  }

  // A count that cannot be read keeps its last value and says so here, rather than failing the scrape.
  const sourceFailures = new Counter({
    name: 'arrive_metrics_source_failures_total',
    help: 'Database counts a scrape could not read (their gauges keep the last value), by gauge.',
    labelNames: ['source'] as const,
    registers,
  });
  const read = async (source: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      sourceFailures.inc({ source });
      app.log.warn({ err, source }, 'a metrics count could not be read');
    }
  };
  const { outboxBacklog, paymentProblems, lastBackupAt } = options;
  if (lastBackupAt) {
    const lastBackup = new Gauge({
      name: 'arrive_backup_last_written_timestamp_seconds',
      help: 'When the newest daily backup in BACKUP_DIR was written (Unix time); 0 while there is none.',
      registers,
      collect: () =>
        read('backup', async () => {
          lastBackup.set(((await lastBackupAt())?.getTime() ?? 0) / 1000);
        }),
    });
  }
  if (outboxBacklog) {
    const outbox = new Gauge({
      name: 'arrive_notification_outbox_messages',
      help: 'Notification messages (SMS, push) not sent yet: state="due" waits for the worker now, "pending" includes retries later.',
      labelNames: ['state'] as const,
      registers,
      collect: () =>
        read('outbox', async () => {
          const backlog = await outboxBacklog();
          outbox.set({ state: 'due' }, backlog.due);
          outbox.set({ state: 'pending' }, backlog.pending);
        }),
    });
  }
  if (paymentProblems) {
    const mismatches = new Gauge({
      name: 'arrive_reconciliation_mismatches',
      help: 'Money that does not line up and that no staff member has taken up yet; source="payments": payment problems on record.',
      labelNames: ['source'] as const,
      registers,
      collect: () =>
        read('payments', async () => {
          mismatches.set({ source: 'payments' }, await paymentProblems());
        }),
    });
  }

  const token = app.config.METRICS_TOKEN;
  const expected = token ? sha256(token) : null;
  const bearerMatches = (header: string | undefined) =>
    !!expected && !!header?.startsWith('Bearer ') && timingSafeEqual(sha256(header.slice(7)), expected);

  // Node's own metrics (heap, RSS, CPU, event-loop lag through monitorEventLoopDelay, GC) start with
  // the first scrape: an app nobody scrapes (a test's) leaves no monitor running in the process.
  let processMetrics = false;
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      // A scrape every few seconds would fill the request log.
      logLevel: 'warn',
      onRequest: async (request, reply) => {
        if (!app.config.production) return;
        if (!expected) throw notFoundError(`Not found: ${request.method} /metrics`);
        if (fromThisMachine(request) || bearerMatches(request.headers.authorization)) return;
        reply.header('www-authenticate', 'Bearer');
        throw new AppError('The metrics token is missing or wrong', { status: 401, type: ErrorType.UnAuthorized });
      },
    },
    async (_request, reply) => {
      if (!processMetrics) {
        collectDefaultMetrics({ register: registry });
        processMetrics = true;
      }
      const body = await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
    },
  );
});
