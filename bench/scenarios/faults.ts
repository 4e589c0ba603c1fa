// The faults an operator meets, measured by `npm run bench` in its PostgreSQL pass: one of two
// instances restarted under connected sockets and hand-overs, every socket dropping and
// reconnecting at once, PostgreSQL restarted under write load, and Redis stopped under load. Each
// runs on server processes of its own (bench/server.ts, started by the caller) and answers a row:
// its figure, the target's verdict and what was seen.
import { randomInt } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { isErrorObject } from '../../src/domain/errors';
import type { PickupSocket } from '../../src/server/test-utils/pickup';
import { OwnPostgres } from '../../tests/server/support/own-postgres';
import { freePort, OwnRedis, redisServerAvailable } from '../../tests/server/support/redis-server';
import { type LoadFigures, load, percentile } from '../load';
import { connectMany } from '../sockets';
import type { PickupBenchPlan } from './pickup';

/** A bench/server.ts child as bench/run.ts starts it. */
export type FaultServer = {
  port: number;
  ask: <T>(message: { type: string; [k: string]: unknown }) => Promise<T>;
  stop: () => Promise<void>;
};

export type FaultContext = {
  /** Starts a server process with these variables (DATABASE_URL, REDIS_URL, BENCH_PORT) added. */
  start: (env: Record<string, string>) => Promise<FaultServer>;
  /** The pass's database (a fresh one, dropped afterwards). */
  databaseUrl: string;
  wanted: (key: string) => boolean;
  log: (line: string) => void;
  /** Sockets connected across the two instances of the rolling restart. */
  restartSockets: number;
  /** Client/counter pairs handing orders over across the restart. */
  restartPairs: number;
  /** Sockets of the reconnect storm, and how many of them each client has (its devices). */
  stormSockets: number;
  stormSocketsPerClient: number;
  /** Seconds PostgreSQL and Redis stay down. */
  downSeconds: number;
  /** BENCH_PROFILE: the storm's server is profiled from the drop until every socket is back. */
  profileDir?: string | null;
};

export type FaultRow = {
  key:
    | 'faults-restart'
    | 'faults-storm-p99'
    | 'faults-storm-memory'
    | 'faults-postgres'
    | 'faults-postgres-recovery'
    | 'faults-redis';
  label: string;
  goal: string;
  value: number;
  pass: boolean;
  detail: string;
};

// ───────────── pure helpers (bench/faults.test.ts) ─────────────

/** One answered (or unanswered) request: when it left and came back, ms, and its status (0: none). */
export type Sample = { t0: number; t1: number; status: number; errorObject: boolean };

export type Tally = {
  requests: number;
  byStatus: Record<string, number>;
  /** 5xx other than 503 with the error object (a 500, a 502…). */
  serverErrors: number;
  /** 503 answered with the project's error object. */
  unavailable: number;
  /** Requests that got no answer (a timeout, a reset). */
  unanswered: number;
};

/** The requests sent in [from, to) (all when no window), by status. */
export function tally(samples: readonly Sample[], from = -Infinity, to = Infinity): Tally {
  const out: Tally = { requests: 0, byStatus: {}, serverErrors: 0, unavailable: 0, unanswered: 0 };
  for (const s of samples) {
    if (s.t0 < from || s.t0 >= to) continue;
    out.requests++;
    const key = s.status === 0 ? 'none' : String(s.status);
    out.byStatus[key] = (out.byStatus[key] ?? 0) + 1;
    if (s.status === 0) out.unanswered++;
    else if (s.status === 503 && s.errorObject) out.unavailable++;
    else if (s.status >= 500) out.serverErrors++;
  }
  return out;
}

/** How long after `since` the first request sent then was answered with `ok`; NaN if none was. */
export function recoveredAfter(samples: readonly Sample[], since: number, ok: (status: number) => boolean): number {
  let first = Number.POSITIVE_INFINITY;
  for (const s of samples) if (s.t0 >= since && ok(s.status)) first = Math.min(first, s.t1);
  return Number.isFinite(first) ? first - since : Number.NaN;
}

/** Whether `after` is back within `fraction` of `before` (or `floor` bytes, whichever is larger). */
export function backWithin(before: number, after: number, fraction: number, floor: number): boolean {
  return after <= before + Math.max(before * fraction, floor);
}

const statuses = (t: Tally) =>
  Object.entries(t.byStatus)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${n}×${k}`)
    .join(', ') || 'none';

// ───────────── shared pieces ─────────────

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
const seconds = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(1) : '–');

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(everyMs);
  }
  return check();
}

/** `count` signed-in clients, written straight into the database; their tokens come from `server`. */
async function newClients(databaseUrl: string, server: FaultServer, count: number, prefix: string) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const start = randomInt(1_000_000);
    const { rows } = await db.query<{ id: string }>(
      `insert into clients (phone_local, phone_international, firstname, lastname, is_verified)
       select $1 || lpad(g::text, 7, '0'), '234' || substr($1, 2) || lpad(g::text, 7, '0'), 'Bench', 'Fault', true
       from generate_series($2::int, $2::int + $3::int - 1) g
       on conflict do nothing returning id`,
      [prefix, start, count],
    );
    const tokens: string[] = [];
    for (const r of rows) tokens.push(await server.ask<string>({ type: 'token', clientId: r.id }));
    return tokens;
  } finally {
    await db.end();
  }
}

/** Requests in a loop from `workers` workers until stopped, each one's time and status kept. */
function driveLoad(
  workers: number,
  next: (n: number) => { url: string; init: RequestInit },
  timeoutMs = 10_000,
): { samples: Sample[]; stop: () => Promise<void>; bodies: Map<Sample, unknown> } {
  const samples: Sample[] = [];
  const bodies = new Map<Sample, unknown>();
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const { url, init } = next(n++);
      const sample: Sample = { t0: Date.now(), t1: 0, status: 0, errorObject: false };
      try {
        const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        const text = await res.text();
        sample.status = res.status;
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {}
        sample.errorObject = isErrorObject(body);
        if (res.status === 201) bodies.set(sample, body);
      } catch {
        // No answer in time, or the connection was refused or cut.
      }
      sample.t1 = Date.now();
      samples.push(sample);
      if (sample.status === 0 || sample.status >= 500) await sleep(50);
    }
  };
  const all = Array.from({ length: workers }, worker);
  return {
    samples,
    bodies,
    stop: async () => {
      running = false;
      await Promise.all(all);
    },
  };
}

const headersFor = (token: string) => ({
  'x-platform': 'web',
  'content-type': 'application/json',
  cookie: `arrive_at=${token}`,
});

async function gasOrderBody(base: string): Promise<string> {
  const { products } = (await (await fetch(`${base}/api/product`)).json()) as {
    products: { id: string; type: string }[];
  };
  const gas = products.find((p) => p.type === 'Gas');
  if (!gas) throw new Error('no gas product in the catalogue');
  return JSON.stringify({
    type: 'Gas',
    items: [{ productId: gas.id, quantity: 12.5, sizeKg: 12.5 }],
    deliveryOption: 'PickerUP',
  });
}

// ───────────── 1. rolling restart ─────────────

type Tracker = { confirmed: Set<string>; waiters: Map<string, () => void> };

function pickupSocket(url: string, token: string, platform: 'mobile' | 'web'): PickupSocket {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    auth: { token, platform },
    reconnectionDelay: 250,
    reconnectionDelayMax: 2000,
  }) as PickupSocket;
}

/** The owner's phone approves every request for its orders, whenever it arrives (a reconnect included). */
function approveAll(owner: PickupSocket, tracker: Tracker) {
  owner.on('requestPickupConfirmation', async (request) => {
    try {
      const ack = await owner
        .timeout(10_000)
        .emitWithAck('pickupConfirmationResponse', { pickupId: request.pickupId, action: 'Approve' });
      if (ack.ok) {
        tracker.confirmed.add(request.orderId);
        tracker.waiters.get(request.orderId)?.();
      }
    } catch {
      // No answer (the instance went away): the counter asks again.
    }
  });
}

const connected = (s: PickupSocket, timeoutMs: number) => until(() => s.connected, timeoutMs, 50);

/** One hand-over, asked again until the client's approval is acknowledged; how many asks it took. */
async function handOver(desk: PickupSocket, orderId: string, tracker: Tracker): Promise<number> {
  let asks = 0;
  while (!tracker.confirmed.has(orderId) && asks < 10) {
    asks++;
    if (!(await connected(desk, 30_000))) continue;
    const approved = new Promise<void>((resolve) => tracker.waiters.set(orderId, resolve));
    try {
      const ack = await desk.timeout(10_000).emitWithAck('requestConfirmationStaff', { orderId });
      // Refused for another reason than a request already open (the order was handed over while
      // its answer was lost, say): the database says what became of it.
      if (!ack.ok && ack.event !== 'duplicatedRequest') return asks;
    } catch {
      continue;
    }
    await Promise.race([approved, sleep(5000)]);
  }
  tracker.waiters.delete(orderId);
  return asks;
}

async function rollingRestart(ctx: FaultContext): Promise<FaultRow[]> {
  const redis = await OwnRedis.start();
  const ports = [await freePort(), await freePort()];
  const startOne = (port: number) =>
    ctx.start({ DATABASE_URL: ctx.databaseUrl, REDIS_URL: redis.url, BENCH_PORT: String(port) });
  let a: FaultServer | null = null;
  let b: FaultServer | null = null;
  const sockets: { close: () => void }[] = [];
  try {
    a = await startOne(ports[0] as number);
    b = await startOne(ports[1] as number);
    const urls = ports.map((p) => `http://127.0.0.1:${p}`);
    const [urlA, urlB] = urls as [string, string];
    const total = ctx.restartSockets;
    // Phones and counters of many clients, a few devices each, half on each instance.
    const tokens = await newClients(ctx.databaseUrl, b, Math.ceil(total / 4), '0904');
    const many = await connectMany(urlA, total, (i) => tokens[i % tokens.length] as string, {
      reconnection: true,
      urlOf: (i) => urls[i % 2] as string,
    });
    sockets.push(...many.sockets);
    // The hand-overs: each pair's phone on one instance and its counter on the other, so the
    // restarted instance carries one side of every hand-over.
    const prepared = await b.ask<{ plan: PickupBenchPlan } | null>({
      type: 'prepare',
      area: 'pickup',
      options: { clients: ctx.restartPairs, rounds: 40, warmUpRounds: 1 },
    });
    if (!prepared) throw new Error('the pickup scenario is not available');
    const tracker: Tracker = { confirmed: new Set(), waiters: new Map() };
    const pairs = prepared.plan.pairs.map((p, i) => {
      const owner = pickupSocket(i % 2 ? urlB : urlA, p.ownerToken, 'mobile');
      const desk = pickupSocket(i % 2 ? urlA : urlB, p.staffToken, 'web');
      approveAll(owner, tracker);
      sockets.push(owner, desk);
      return { owner, desk, orders: [...p.warmUpOrderIds, ...p.orderIds] };
    });
    for (const p of pairs)
      if (!(await connected(p.owner, 20_000)) || !(await connected(p.desk, 20_000)))
        throw new Error('a pickup socket did not connect');

    let restarted = false;
    let afterRestart = 0;
    const attempted: string[] = [];
    let askedAgain = 0;
    const loops = pairs.map(async (pair) => {
      let doneAfter = 0;
      for (const orderId of pair.orders) {
        if (restarted && doneAfter >= 2) break;
        attempted.push(orderId);
        const asks = await handOver(pair.desk, orderId, tracker);
        if (asks > 1) askedAgain++;
        if (restarted) {
          doneAfter++;
          afterRestart++;
        }
        await sleep(200);
      }
    });

    await sleep(1500);
    const before = (await Promise.all([a.ask<number>({ type: 'sockets' }), b.ask<number>({ type: 'sockets' })])).join(
      ' + ',
    );
    ctx.log('bench [postgres]: rolling restart: stopping instance A …');
    const t0 = Date.now();
    await a.stop();
    a = null;
    a = await startOne(ports[0] as number);
    const restartMs = Date.now() - t0;
    restarted = true;
    const everyBack = await until(() => many.sockets.every((s) => s.connected), 60_000, 200);
    const reconnectedMs = Date.now() - t0;
    await Promise.race([Promise.all(loops), sleep(120_000)]);
    const reconnected = many.sockets.filter((s) => s.connected).length;
    const after = (await Promise.all([a.ask<number>({ type: 'sockets' }), b.ask<number>({ type: 'sockets' })])).join(
      ' + ',
    );

    const db = new pg.Client({ connectionString: ctx.databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string; status: string; completed: string }>(
      `select o.id, o.status,
              (select count(*) from pickups p where p.order_id = o.id and p.status = 'Completed') as completed
       from orders o where o.id = any($1::uuid[])`,
      [attempted],
    );
    await db.end();
    const once = rows.filter((r) => r.status === 'Delivered' && Number(r.completed) === 1).length;
    const lostConfirmations = rows.filter(
      (r) => tracker.confirmed.has(r.id) && !(r.status === 'Delivered' && Number(r.completed) === 1),
    ).length;
    const notDelivered = attempted.length - once;
    const missing = total - reconnected;
    return [
      {
        key: 'faults-restart',
        label: `rolling restart, ${total.toLocaleString('en')} sockets on 2 instances: not reconnected + hand-overs not Delivered once`,
        goal: '= 0',
        value: missing + notDelivered,
        pass: missing === 0 && notDelivered === 0 && lostConfirmations === 0,
        detail:
          `rolling restart: instance A stopped and started again in ${seconds(restartMs)} s; ` +
          `${reconnected}/${total} sockets connected after (${everyBack ? `all back ${seconds(reconnectedMs)} s after the stop` : 'not all back within 60 s'}; ` +
          `per instance before ${before}, after ${after}, the hand-overs' sockets included); ` +
          `${attempted.length} hand-overs by ${pairs.length} pairs (${afterRestart} after the restart, ${askedAgain} asked again), ` +
          `${once} Delivered exactly once, ${lostConfirmations} approvals acknowledged but not Delivered once`,
      },
    ];
  } finally {
    for (const s of sockets) s.close();
    await a?.stop().catch(() => {});
    await b?.stop().catch(() => {});
    await redis.stop();
  }
}

// ───────────── 2. reconnect storm ─────────────

async function reconnectStorm(ctx: FaultContext): Promise<FaultRow[]> {
  const server = await ctx.start({ DATABASE_URL: ctx.databaseUrl });
  const base = `http://127.0.0.1:${server.port}`;
  const total = ctx.stormSockets;
  let sockets: Awaited<ReturnType<typeof connectMany>>['sockets'] = [];
  try {
    const tokens = await newClients(ctx.databaseUrl, server, Math.ceil(total / ctx.stormSocketsPerClient), '0905');
    const many = await connectMany(base, total, (i) => tokens[i % tokens.length] as string, { reconnection: true });
    sockets = many.sockets;
    await until(() => sockets.every((s) => s.connected), 30_000, 200);
    // The server goes on setting connections up after each one's `connect` (their rooms, the
    // requests waiting for them): the storm starts once its statements stop for a second.
    let last = -1;
    await until(
      async () => {
        const now = await server.ask<number>({ type: 'queries' });
        const still = now === last;
        last = now;
        return still;
      },
      60_000,
      1000,
    );
    const before = await server.ask<NodeJS.MemoryUsage>({ type: 'memory' });
    const q0 = await server.ask<number>({ type: 'queries' });

    // Memory as the process metrics show it (no GC forced), sampled throughout.
    const rss: { t: number; rss: number }[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rss.push({ t: Date.now(), rss: await server.ask<number>({ type: 'rss' }) });
        await sleep(250);
      }
    })();
    // An open-loop probe beside the load tool: one request every 10 ms whatever came back, so a
    // stall shows in every request sent during it (a closed-loop connection waits it out once).
    const probe: { at: number; ms: number }[] = [];
    let probing = true;
    const probes: Promise<void>[] = [];
    const prober = (async () => {
      while (probing) {
        const at = Date.now();
        const t0 = performance.now();
        probes.push(
          fetch(`${base}/bench/bare`, { signal: AbortSignal.timeout(15_000) }).then(
            async (r) => {
              await r.arrayBuffer();
              probe.push({ at, ms: performance.now() - t0 });
            },
            () => {
              probe.push({ at, ms: 15_000 });
            },
          ),
        );
        await sleep(10);
      }
    })();

    let settle: () => void = () => {};
    const settled = new Promise<void>((r) => {
      settle = r;
    });
    // Three seconds as it is first: the same figures on the same machine without the storm.
    const calm = await load({ url: `${base}/bench/bare`, connections: 20, duration: 3 });
    const figures: Promise<LoadFigures> = load({
      url: `${base}/bench/bare`,
      connections: 20,
      duration: 120,
      until: settled,
    });
    ctx.log(`bench [postgres]: reconnect storm: ${total} sockets drop …`);
    if (ctx.profileDir) await server.ask({ type: 'profile-start' });
    const tDrop = Date.now();
    let reconnects = 0;
    for (const s of sockets) {
      s.io.once('reconnect', () => {
        reconnects++;
      });
      // The connection cut under it, as a proxy restart or a network blip does: the client
      // reconnects by itself, after its randomised delay (0.5–1.5 s by default).
      s.io.engine.close();
    }
    const allBack = await until(() => reconnects >= total && sockets.every((s) => s.connected), 90_000, 100);
    const tBack = Date.now();
    await sleep(1000);
    settle();
    if (ctx.profileDir) {
      const profile = await server.ask<{
        busyMs: number;
        frames: { selfPct: number; frame: string }[];
        owners: { selfPct: number; frame: string }[];
      }>({
        type: 'profile-stop',
        file: path.join(ctx.profileDir, 'postgres-faults-storm.cpuprofile'),
      });
      ctx.log(
        `reconnect storm CPU profile (${profile.busyMs.toFixed(0)} ms busy):\n${[...profile.frames, ...profile.owners]
          .map((f) => `  ${f.selfPct.toFixed(1).padStart(5)} %  ${f.frame}`)
          .join('\n')}`,
      );
    }
    const storm = await figures;
    probing = false;
    await prober;
    await Promise.all(probes);
    // What the server holds 5 s after the storm, once its garbage is collected, against before it.
    await sleep(Math.max(0, tBack + 5000 - Date.now()));
    const after5 = await server.ask<NodeJS.MemoryUsage>({ type: 'memory' });
    // Later still: whether what stays is held by something or only not handed back to the system.
    await sleep(Math.max(0, tBack + 15_000 - Date.now()));
    const after15 = await server.ask<NodeJS.MemoryUsage>({ type: 'memory' });
    sampling = false;
    await sampler;
    const engineCount = await server.ask<number>({ type: 'sockets' });
    const statements = (await server.ask<number>({ type: 'queries' })) - q0;
    const peak = Math.max(...rss.map((r) => r.rss));
    const rssAt5 = rss.filter((r) => r.t <= tBack + 5000).at(-1)?.rss ?? Number.NaN;

    const during = probe
      .filter((p) => p.at >= tDrop)
      .map((p) => p.ms)
      .sort((x, y) => x - y);
    const quiet = probe
      .filter((p) => p.at < tDrop)
      .map((p) => p.ms)
      .sort((x, y) => x - y);
    const probeP99 = percentile(during, 99);
    const p99 = storm.p99;
    const ratio = after5.rss / before.rss;
    const memoryOk = backWithin(before.rss, after5.rss, 0.1, 20 * 1024 * 1024);
    const note =
      `reconnect storm: ${total} sockets dropped at once, ${allBack ? `all back in ${seconds(tBack - tDrop)} s` : `${sockets.filter((s) => s.connected).length} back after 90 s`} ` +
      `(server counts ${engineCount}; ${(statements / total).toFixed(1)} statements per socket); bare route meanwhile: load tool p99 ${storm.p99.toFixed(1)} ms over ${storm.ok} answers ` +
      `(${storm.errors} without answer), fixed-rate probe p99 ${probeP99.toFixed(0)} ms, max ${(during.at(-1) ?? Number.NaN).toFixed(0)} ms over ${during.length} ` +
      `(the 3 s before the drop: load tool p99 ${calm.p99.toFixed(1)} ms, probe p99 ${percentile(quiet, 99).toFixed(0)} ms, max ${(quiet.at(-1) ?? Number.NaN).toFixed(0)} ms); ` +
      `server rss ${mb(before.rss)} MB before (GC), peak ${mb(peak)} MB, ${mb(rssAt5)} MB 5 s after (as is), ${mb(after5.rss)} MB 5 s after (GC); ` +
      `${mb(after15.rss)} MB 15 s after (GC); heap ${mb(before.heapUsed)} → ${mb(after5.heapUsed)} → ${mb(after15.heapUsed)} MB, ` +
      `external ${mb(before.external)} → ${mb(after5.external)} → ${mb(after15.external)} MB`;
    return [
      {
        key: 'faults-storm-p99',
        label: `reconnect storm, ${total.toLocaleString('en')} sockets: bare route p99 during it, ms`,
        goal: '≤ 100',
        value: p99,
        pass: allBack && p99 <= 100 && storm.errors === 0,
        detail: note,
      },
      {
        key: 'faults-storm-memory',
        label: 'reconnect storm: server RSS 5 s after ÷ before (GC)',
        goal: '≤ 1.1',
        value: ratio,
        pass: allBack && memoryOk,
        detail: '',
      },
    ];
  } finally {
    for (const s of sockets) {
      s.io.reconnection(false);
      s.close();
    }
    await server.stop().catch(() => {});
  }
}

// ───────────── 3. PostgreSQL restarted under write load ─────────────

async function postgresRestart(ctx: FaultContext): Promise<FaultRow[]> {
  const reason = OwnPostgres.unavailableReason();
  if (reason) throw new Error(`skipped: ${reason}`);
  const cluster = await OwnPostgres.create();
  let server: FaultServer | null = null;
  try {
    server = await ctx.start({ DATABASE_URL: cluster.url });
    const base = `http://127.0.0.1:${server.port}`;
    const tokens = await newClients(cluster.url, server, 20, '0902');
    const body = await gasOrderBody(base);
    const writes = driveLoad(10, (n) => ({
      url: `${base}/api/order/new`,
      init: { method: 'POST', headers: headersFor(tokens[n % tokens.length] as string), body },
    }));
    await sleep(3000);
    ctx.log('bench [postgres]: PostgreSQL restart: stopping it …');
    const tStop = Date.now();
    cluster.stop();
    await sleep(ctx.downSeconds * 1000);
    cluster.start();
    const tBack = Date.now();
    await until(() => recoveredAfter(writes.samples, tBack, (s) => s === 201) >= 0, 20_000, 200);
    await sleep(2000);
    await writes.stop();

    const confirmed = [...writes.bodies.values()]
      .map((b) => (b as { orderNumber?: string }).orderNumber)
      .filter((n): n is string => typeof n === 'string');
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    const { rows } = await db.query<{ order_number: string }>(
      'select order_number from orders where order_number = any($1::text[])',
      [confirmed],
    );
    await db.end();
    const lost = confirmed.length - new Set(rows.map((r) => r.order_number)).size;
    const all = tally(writes.samples);
    const outage = tally(writes.samples, tStop, tBack);
    const recovery = recoveredAfter(writes.samples, tBack, (s) => s === 201);
    const wrong = all.serverErrors + all.unanswered;
    return [
      {
        key: 'faults-postgres',
        label: 'PostgreSQL restarted under order placement: confirmed writes lost + 5xx other than 503 + no answer',
        goal: '= 0',
        value: lost + wrong,
        pass: lost === 0 && wrong === 0 && outage.unavailable > 0,
        detail:
          `PostgreSQL restart: stopped (fast shutdown) for ${ctx.downSeconds} s under 10 writers; ${confirmed.length} orders confirmed (201), ${lost} missing afterwards; ` +
          `while it was down: ${statuses(outage)} (${outage.unavailable} of them 503 with the error object); whole run: ${statuses(all)}; ` +
          `first 201 ${seconds(recovery)} s after it was back`,
      },
      {
        key: 'faults-postgres-recovery',
        label: 'PostgreSQL restarted: first 201 after it is back, s',
        goal: '≤ 5',
        value: recovery / 1000,
        pass: recovery <= 5000,
        detail: '',
      },
    ];
  } finally {
    await server?.stop().catch(() => {});
    cluster.destroy();
  }
}

// ───────────── 4. Redis down ─────────────

async function redisDown(ctx: FaultContext): Promise<FaultRow[]> {
  const redis = await OwnRedis.start();
  let a: FaultServer | null = null;
  let b: FaultServer | null = null;
  try {
    a = await ctx.start({ DATABASE_URL: ctx.databaseUrl, REDIS_URL: redis.url });
    b = await ctx.start({ DATABASE_URL: ctx.databaseUrl, REDIS_URL: redis.url });
    const bases = [a.port, b.port].map((p) => `http://127.0.0.1:${p}`);
    const tokens = await newClients(ctx.databaseUrl, a, 20, '0901');
    const body = await gasOrderBody(bases[0] as string);
    // What a morning's traffic asks for, over both instances: the catalogue, a client's history,
    // an order placed, and the health check a proxy polls.
    const load = driveLoad(
      10,
      (n) => {
        const base = bases[n % 2] as string;
        const token = tokens[Math.floor(n / 2) % tokens.length] as string;
        switch (Math.floor(n / 2) % 4) {
          case 0:
            return { url: `${base}/api/product`, init: {} };
          case 1:
            return { url: `${base}/api/order/client?pageSize=20`, init: { headers: headersFor(token) } };
          case 2:
            return { url: `${base}/api/order/new`, init: { method: 'POST', headers: headersFor(token), body } };
          default:
            return { url: `${base}/api/app/health`, init: {} };
        }
      },
      5000,
    );
    await sleep(3000);
    ctx.log('bench [postgres]: Redis down: stopping it …');
    const tStop = Date.now();
    await redis.stop();
    await sleep(ctx.downSeconds * 1000);
    await redis.start();
    const tBack = Date.now();
    await sleep(3000);
    await load.stop();
    const outage = tally(load.samples, tStop, tBack);
    const all = tally(load.samples);
    const bad = all.serverErrors + all.unavailable + all.unanswered;
    return [
      {
        key: 'faults-redis',
        label: 'Redis stopped under load, 2 instances: 5xx + no answer',
        goal: '= 0',
        value: bad,
        pass: bad === 0 && outage.requests > 0,
        detail: `Redis down: stopped for ${ctx.downSeconds} s under 10 workers over both instances; while it was down: ${statuses(outage)}; whole run: ${statuses(all)}`,
      },
    ];
  } finally {
    await a?.stop().catch(() => {});
    await b?.stop().catch(() => {});
    await redis.stop();
  }
}

/** The four faults, each that BENCH_ONLY wants; a fault that fails to run is a row saying so. */
export async function measureFaults(ctx: FaultContext): Promise<{ rows: FaultRow[]; failures: string[] }> {
  const rows: FaultRow[] = [];
  const failures: string[] = [];
  const steps: [string, string, (c: FaultContext) => Promise<FaultRow[]>][] = [
    ['faults-restart', 'rolling restart', rollingRestart],
    ['faults-storm', 'reconnect storm', reconnectStorm],
    ['faults-postgres', 'PostgreSQL restart', postgresRestart],
    ['faults-redis', 'Redis down', redisDown],
  ];
  for (const [key, name, step] of steps) {
    if (!ctx.wanted(key)) continue;
    if ((key === 'faults-restart' || key === 'faults-redis') && !redisServerAvailable()) {
      failures.push(`${name}: skipped, redis-server is not installed`);
      continue;
    }
    ctx.log(`bench [postgres]: fault: ${name} …`);
    try {
      rows.push(...(await step(ctx)));
    } catch (err) {
      failures.push(`${name}: ${(err as Error).message}`);
    }
  }
  return { rows, failures };
}
