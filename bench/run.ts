// `npm run bench`: how the whole system behaves under load, as ratios against a bare route of the
// same Fastify app measured in the same run (the machine is shared and noisy). The server runs in
// a child process so its memory is its own, once on a fresh PostgreSQL database (dropped
// afterwards) and once on embedded PGlite (the default database, in a temporary directory).
// Not a test: it prints a table, each target with a pass/miss mark. Environment knobs:
//   BENCH_POSTGRES   server to create the database on (postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DB         databases to run, in order (postgres,pglite)
//   BENCH_DURATION   seconds per HTTP scenario (5)      BENCH_CONNECTIONS  concurrent connections (20)
//   BENCH_WARMUP     seconds each read scenario and the bare route run unmeasured first (1)
//   BENCH_SOCKETS    Socket.IO clients (10000)          BENCH_LARGE=1      also the 1 million orders set
//   BENCH_ONLY       scenario keys to run, e.g. history,placement (while working on one)
//   BENCH_PROFILE    a directory: a CPU profile per scenario is written there and summarised
// Every pass also builds a chain of 50 gas centers (bench/chain.ts: stock, prices, supplies, 500
// staff, a day's deliveries each) that the data sets' orders are spread over; BENCH_ONLY=chain (or
// chain-catalogue, chain-board, chain-placement) measures the catalogue at each, a dispatcher's
// board at their shift's center (compressed as a browser asks, and as the JSON itself), and order
// placement at each center against its own stock.
// The faults (PostgreSQL pass, bench/scenarios/faults.ts; BENCH_ONLY=faults, or faults-restart,
// faults-storm, faults-postgres, faults-redis for one):
//   BENCH_FAULT_SOCKETS  sockets across two instances, one restarted (1000)
//   BENCH_FAULT_PAIRS    client/counter pairs handing orders over across that restart (5)
//   BENCH_SOCKETS        also the reconnect storm's sockets (10000)
//   BENCH_FAULT_DEVICES  the storm's sockets per client (4; 10000 puts them all on one client)
//   BENCH_FAULT_DOWN     seconds PostgreSQL and Redis stay down (4)
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/serve.mjs';
import { buildChain, CHAIN, type Chain } from './chain';
import { buildDataSet, type DataSet, insertUnpaidOrders, LARGE, SMALL, type Sql } from './data-set';
import { type LoadFigures, load } from './load';
import type { Frame } from './profile';
import { type FaultRow, measureFaults } from './scenarios/faults';
import { measurePickupBench, type PickupBenchPlan } from './scenarios/pickup';
import type { LoopDelay, ParentMessage } from './server';
import { serverChannel } from './server-channel';
import { connectMany } from './sockets';

const SERVER = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASES = (process.env.BENCH_DB ?? 'postgres,pglite').split(',').map((s) => s.trim()) as (
  | 'postgres'
  | 'pglite'
)[];
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const WARM_UP = Number(process.env.BENCH_WARMUP ?? 1);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** How many clients place orders, and how many wallets pay, in the write scenarios. */
const WRITERS = 100;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const FAULT_SOCKETS = Number(process.env.BENCH_FAULT_SOCKETS ?? 1000);
const FAULT_PAIRS = Number(process.env.BENCH_FAULT_PAIRS ?? 5);
const FAULT_DOWN = Number(process.env.BENCH_FAULT_DOWN ?? 4);
const FAULT_STORM_DEVICES = Number(process.env.BENCH_FAULT_DEVICES ?? 4);
const IS_LARGE = process.env.BENCH_LARGE === '1';
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((s) => s.trim()) : null;
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const SESSION_SECRET = `bench-${randomUUID()}-secret-0123456789`;
const PAGE_SIZE = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

type Result = {
  key: string;
  label: string;
  figures?: LoadFigures;
  queriesPerRequest?: number;
  /** The server's event-loop delay while it was measured. */
  loopDelay?: LoopDelay;
  note?: string;
  profile?: { busyMs: number; frames: Frame[]; owners: Frame[] };
};
type Pass = {
  db: 'postgres' | 'pglite';
  results: Map<string, Result>;
  baseline?: LoadFigures;
  lines: string[];
  invariantProblems: number;
  rssAfterSocketsMb?: number;
  faults?: FaultRow[];
};

const log = (line: string) => process.stderr.write(`${line}\n`);
/** Whether a load only reads (GET): those are warmed up before they are measured. */
const readsOnly = (options: Parameters<typeof load>[0]) =>
  (options.method ?? 'GET') === 'GET' && (options.requests ?? []).every((r) => (r.method ?? 'GET') === 'GET');

/** What Chromium sends as Accept-Encoding. */
const TABLET_ENCODINGS = 'gzip, deflate, br, zstd';

/** The bytes of an answer's body as sent (not decompressed, as fetch would) and their encoding. */
function sentBytes(url: string, headers: Record<string, string>): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
      })
      .on('error', reject);
  });
}

const wanted = (key: string) => !ONLY || ONLY.some((o) => key === o || key.startsWith(`${o}-`));
const loadNow = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** The child server, and a request/answer channel over IPC. */
async function startServer(env: Record<string, string | undefined>, extra: Record<string, string> = {}) {
  const child: ChildProcess = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--expose-gc', ...SERVER_NODE_FLAGS, '--import', 'tsx'],
    env: { ...env, SESSION_SECRET, REDIS_URL: '', ...extra },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const { port, ask, stop } = await serverChannel<ParentMessage>(child);
  return { child, port, ask, stop };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** One pass of every scenario on one database. */
async function runPass(db: 'postgres' | 'pglite', server: Server, sessions: Sql[], pass: Pass) {
  const [sql] = sessions;
  if (!sql) throw new Error('no database session');
  const base = `http://127.0.0.1:${server.port}`;
  const { ask } = server;
  const headersFor = (token?: string) => ({
    'x-platform': 'web',
    'content-type': 'application/json',
    ...(token ? { cookie: `arrive_at=${token}` } : {}),
  });
  const tokenOf = (clientId: string) => ask<string>({ type: 'token', clientId });

  /** An autocannon run with its statement count and, with BENCH_PROFILE, its CPU profile. */
  const measure = async (
    key: string,
    label: string,
    options: Parameters<typeof load>[0] | null,
    note?: string,
    { warmUp = options ? readsOnly(options) : false } = {},
  ) => {
    if (!wanted(key)) return;
    if (!options) {
      pass.results.set(key, { key, label, note: note ?? 'skipped: route not available' });
      return;
    }
    log(`bench [${db}]: ${label} … (load ${loadNow()})`);
    // A read runs unmeasured first: a route's first second on a fresh server is its compiling and
    // its caches filling, and it would count against whichever scenario happens to come first.
    // So does order placement, which uses up nothing it was given; the other writes are not run
    // twice (they would use up the orders and wallets they were given).
    if (warmUp) await load({ duration: WARM_UP, connections: CONNECTIONS, ...options });
    if (PROFILE_DIR) await ask({ type: 'profile-start' });
    const q0 = await ask<number>({ type: 'queries' });
    await ask({ type: 'loop-start' });
    const figures = await load({ duration: DURATION, connections: CONNECTIONS, ...options });
    const loopDelay = await ask<LoopDelay>({ type: 'loop-stop' });
    const q1 = await ask<number>({ type: 'queries' });
    const profile = PROFILE_DIR
      ? await ask<Result['profile']>({ type: 'profile-stop', file: path.join(PROFILE_DIR, `${db}-${key}.cpuprofile`) })
      : undefined;
    const requests = figures.ok + figures.non2xx;
    pass.results.set(key, {
      key,
      label,
      figures,
      queriesPerRequest: requests ? (q1 - q0) / requests : Number.NaN,
      loopDelay,
      note,
      profile,
    });
  };

  /** The cursor after the first `skip` orders of a client's history (read through the API, as the app does). */
  const cursorAfter = async (token: string, skip: number): Promise<string | null> => {
    let cursor: string | null = null;
    let left = skip;
    while (left > 0) {
      const size = Math.min(100, left);
      const res = await fetch(
        `${base}/api/order/client?pageSize=${size}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        { headers: headersFor(token) },
      );
      const body = (await res.json()) as { nextCursor: string | null };
      cursor = body.nextCursor;
      if (!cursor) return null;
      left -= size;
    }
    return cursor;
  };

  const history = async (scale: string, who: 'typical' | 'heaviest', client: DataSet['typical']) => {
    const token = await tokenOf(client.clientId);
    const url = `${base}/api/order/client?pageSize=${PAGE_SIZE}`;
    const headers = headersFor(token);
    await measure(
      `history-${scale}-${who}-first`,
      `order history ${scale}, ${who} client (${client.orders} orders), first page`,
      {
        url,
        headers,
      },
    );
    if (!wanted(`history-${scale}-${who}-later`)) return;
    // The middle of the client's history: as deep as "more" is ever pressed.
    const skip = Math.floor(client.orders / 2);
    const cursor = skip > 0 ? await cursorAfter(token, skip) : null;
    await measure(
      `history-${scale}-${who}-later`,
      `order history ${scale}, ${who} client, later page (after ${skip} orders)`,
      cursor ? { url: `${url}&cursor=${encodeURIComponent(cursor)}`, headers } : null,
      cursor ? undefined : `skipped: the client has ${client.orders} order(s), no later page`,
    );
  };

  log(`bench [${db}]: building the chain of ${CHAIN.centers} gas centers … (load ${loadNow()})`);
  const chain = await buildChain(sql);
  pass.lines.push(chainLine(chain));
  log(`bench [${db}]: building the 10k data set … (load ${loadNow()})`);
  const small = await buildDataSet(sessions, SMALL, '0906', chain.centerIds);
  pass.lines.push(dataSetLine('10k', small, chain));

  log(`bench [${db}]: baseline GET /bench/bare …`);
  await load({ url: `${base}/bench/bare`, duration: WARM_UP, connections: CONNECTIONS });
  const baselineA = await load({ url: `${base}/bench/bare`, duration: DURATION, connections: CONNECTIONS });

  await measure('catalogue', 'catalogue GET /api/product (full body)', { url: `${base}/api/product` });
  const etagged = await fetch(`${base}/api/product`);
  const etag = etagged.headers.get('etag');
  await measure(
    'catalogue-revalidate',
    'catalogue GET /api/product, If-None-Match (304)',
    etag ? { url: `${base}/api/product`, headers: { 'if-none-match': etag } } : null,
    etag ? undefined : 'skipped: no ETag',
  );
  await history('10k', 'typical', small.typical);
  await history('10k', 'heaviest', small.heaviest);

  // Order placement: a gas refill picked from the live catalogue, checked with /quote first.
  const typicalToken = await tokenOf(small.typical.clientId);
  const { products } = (await (await fetch(`${base}/api/product`)).json()) as {
    products: { id: string; type: string }[];
  };
  const gas = products.find((p) => p.type === 'Gas');
  const orderBody = gas
    ? JSON.stringify({
        type: 'Gas',
        items: [{ productId: gas.id, quantity: 12.5, sizeKg: 12.5 }],
        deliveryOption: 'PickerUP',
      })
    : null;
  if (orderBody) {
    const quote = await fetch(`${base}/api/order/quote`, {
      method: 'POST',
      headers: headersFor(typicalToken),
      body: orderBody,
    });
    if (!quote.ok) throw new Error(`the order body was refused by /quote (${quote.status}): ${await quote.text()}`);
  }
  // Many clients order at once, as on a real morning: each request is another client's (a session
  // each), so what is measured is the shared work (the product's quota row, the pool), not one
  // client's session.
  const placers =
    wanted('placement') || wanted('chain-placement')
      ? await Promise.all(
          (
            await sql<{ id: string }>(
              `select id from clients where phone_local like '0906%' order by phone_local limit ${WRITERS}`,
            )
          ).rows.map((r) => tokenOf(r.id)),
        )
      : [];
  let nextPlacer = 0;
  await measure(
    'placement',
    `order placement POST /api/order/new (${placers.length} clients)`,
    orderBody && placers.length > 0
      ? {
          url: base,
          requests: [
            {
              method: 'POST',
              path: '/api/order/new',
              body: orderBody,
              setupRequest: (req) => ({
                ...req,
                headers: headersFor(placers[nextPlacer++ % placers.length]),
              }),
            },
          ],
        }
      : null,
    undefined,
    { warmUp: true },
  );

  // The chain: each request at the next of its centers, as a company's clients and counters are
  // spread over them. The catalogue first: every order placed drops every center's copy of it.
  const rotating = <T>(items: readonly T[]) => {
    let n = 0;
    return () => items[n++ % items.length] as T;
  };
  const centerCount = chain.centerIds.length;
  if (wanted('chain-catalogue')) {
    const catalogueAt = (center: string) => `/api/product/?center=${center}`;
    const probe = await fetch(`${base}${catalogueAt(chain.centerIds[0] ?? '')}`);
    if (!probe.ok) throw new Error(`a chain center's catalogue was refused (${probe.status}): ${await probe.text()}`);
    const nextCenter = rotating(chain.centerIds);
    await measure('chain-catalogue', `chain: catalogue GET /api/product/?center= (${centerCount} centers, full body)`, {
      url: base,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: catalogueAt(nextCenter()) }) }],
    });
  }
  if (wanted('chain-board')) {
    // Each center's dispatcher, on a shift there, reads their own center's board: first as the
    // tablet asks for it (a browser always sends Accept-Encoding; the board is compressed once a
    // version, so a read sends its kept br bytes), then as the JSON itself, which no browser asks
    // for but shows what the read costs without the compression kept with the board.
    const readers = await Promise.all(chain.dispatchers.map(async (d) => headersFor(await tokenOf(d.clientId))));
    const probe = await fetch(`${base}/api/delivery/board`, { headers: readers[0] });
    if (!probe.ok) throw new Error(`the dispatch board was refused (${probe.status}): ${await probe.text()}`);
    const board = (await probe.json()) as { deliveries: unknown[]; riders: unknown[] };
    const json = Buffer.byteLength(JSON.stringify(board));
    const { bytes: encoded, encoding } = await sentBytes(`${base}/api/delivery/board`, {
      ...readers[0],
      'accept-encoding': TABLET_ENCODINGS,
    });
    const about = `a board: ${board.deliveries.length} deliveries, ${board.riders.length} riders`;
    for (const [key, label, headers] of [
      [
        'chain-board',
        `Accept-Encoding as a browser's: ${encoding}, ${(encoded / 1024).toFixed(1)} KB`,
        TABLET_ENCODINGS,
      ],
      ['chain-board-json', `the JSON itself, ${(json / 1024).toFixed(1)} KB`, null],
    ] as const) {
      const nextReader = rotating(readers.map((r) => (headers ? { ...r, 'accept-encoding': headers } : r)));
      await measure(
        key,
        `chain: dispatch board GET /api/delivery/board (${readers.length} dispatchers, each their center's; ${label})`,
        {
          url: base,
          requests: [
            { method: 'GET', path: '/api/delivery/board', setupRequest: (req) => ({ ...req, headers: nextReader() }) },
          ],
        },
        about,
      );
    }
  }
  if (wanted('chain-placement') && gas && placers.length > 0) {
    // A pickup at the next center, against that center's own gas stock (a quota row each).
    const bodyAt = (centerId: string) =>
      JSON.stringify({
        type: 'Gas',
        items: [{ productId: gas.id, quantity: 12.5, sizeKg: 12.5 }],
        deliveryOption: 'PickerUP',
        centerId,
      });
    const quote = await fetch(`${base}/api/order/quote`, {
      method: 'POST',
      headers: headersFor(typicalToken),
      body: bodyAt(chain.centerIds[0] ?? ''),
    });
    if (!quote.ok)
      throw new Error(`a chain center's order was refused by /quote (${quote.status}): ${await quote.text()}`);
    const nextCenter = rotating(chain.centerIds);
    let nextChainPlacer = 0;
    await measure(
      'chain-placement',
      `chain: order placement POST /api/order/new (${placers.length} clients, ${centerCount} centers' stock)`,
      {
        url: base,
        requests: [
          {
            method: 'POST',
            path: '/api/order/new',
            setupRequest: (req) => ({
              ...req,
              headers: headersFor(placers[nextChainPlacer++ % placers.length]),
              body: bodyAt(nextCenter()),
            }),
          },
        ],
      },
    );
  } else if (wanted('chain-placement')) {
    pass.results.set('chain-placement', {
      key: 'chain-placement',
      label: 'chain: order placement',
      note: 'skipped: no gas in the catalogue',
    });
  }

  // Wallet payment: many clients, each with a funded wallet and unpaid orders, each request
  // another client's. (Paying every order from ONE wallet queued every request on that wallet's
  // row lock — the ledger's rule, but not how a company's clients pay.)
  if (wanted('wallet-payment')) {
    const perClient = Math.ceil(40_000 / WRITERS);
    const payers: { headers: Record<string, string>; numbers: string[] }[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const local = `0903${String(i).padStart(7, '0')}`;
      const { rows } = await sql<{ id: string }>(
        `insert into clients (phone_local, phone_international, firstname, lastname, is_verified)
         values ($1, $2, 'Bench', 'Wallet', true) returning id`,
        [local, `234${local.slice(1)}`],
      );
      const walletClient = rows[0]?.id;
      if (!walletClient) throw new Error('no wallet client');
      await ask({ type: 'prepare-wallet', clientId: walletClient, amount: perClient * 10_000 * 2 });
      const numbers = await insertUnpaidOrders(sql, walletClient, perClient, 10_000);
      payers.push({ headers: headersFor(await tokenOf(walletClient)), numbers });
    }
    let next = 0;
    await measure('wallet-payment', `wallet payment POST /api/payment/wallet (${WRITERS} wallets)`, {
      url: base,
      requests: [
        {
          method: 'POST',
          path: '/api/payment/wallet',
          setupRequest: (req) => {
            const n = next++;
            const payer = payers[n % payers.length];
            if (!payer) return req;
            const orderNumber = payer.numbers[Math.floor(n / payers.length) % payer.numbers.length];
            return { ...req, headers: payer.headers, body: JSON.stringify({ orderNumber }) };
          },
        },
      ],
    });
  }

  // The areas' own scenarios. The wallet's runs inside the server process; the pickup's data is
  // written there and its sockets are measured from this process, as the phones and counters are
  // other devices.
  const scenario = async (
    area: 'pickup' | 'wallet',
    options: Record<string, unknown>,
  ): Promise<{ name: string; report: Record<string, unknown> } | null> => {
    if (area === 'wallet') {
      if (PROFILE_DIR) await ask({ type: 'profile-start' });
      return ask<{ name: string; report: Record<string, unknown> } | null>({ type: 'scenario', area, options });
    }
    const prepared = await ask<{ name: string; plan: PickupBenchPlan } | null>({ type: 'prepare', area, options });
    if (!prepared) return null;
    if (PROFILE_DIR) await ask({ type: 'profile-start' });
    const report = await measurePickupBench(prepared.plan, { queryCount: () => ask<number>({ type: 'queries' }) });
    return { name: `${prepared.name} + measurePickupBench (the bench's process)`, report };
  };
  for (const [area, options] of [
    // 600 hand-overs measured after 100 not measured: a steady state, as the HTTP scenarios'
    // five seconds each are; the first rounds' p99 is printed in the row's note.
    ['pickup', { clients: 20, rounds: 30, warmUpRounds: 5 }],
    ['wallet', { operations: 400, wallets: 10, concurrency: 20 }],
  ] as const) {
    const key = area === 'pickup' ? 'pickup' : 'wallet-concurrency';
    if (!wanted(key)) continue;
    log(`bench [${db}]: ${area} scenario … (load ${loadNow()})`);
    try {
      const answer = await scenario(area, options);
      const profile = PROFILE_DIR
        ? await ask<Result['profile']>({
            type: 'profile-stop',
            file: path.join(PROFILE_DIR, `${db}-${key}.cpuprofile`),
          })
        : undefined;
      if (!answer) {
        pass.results.set(key, { key, label: `${area} scenario`, note: 'skipped: scenario not available' });
        continue;
      }
      const r = answer.report;
      const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : Number.NaN);
      if (area === 'pickup') {
        pass.results.set(key, {
          key,
          label: `pickup confirmation round trip (${options.clients} counters)`,
          figures: {
            rps: num('perSecond'),
            p50: num('p50Ms'),
            p99: num('p99Ms'),
            ok: num('confirmations'),
            non2xx: num('errors'),
            fivexx: 0,
            errors: 0,
          },
          queriesPerRequest: num('statementsPerRoundTrip'),
          note: `${answer.name}; the ${'warmUpRounds' in options ? options.warmUpRounds : 1} warm-up rounds' p99 ${num('warmUpP99Ms').toFixed(0)} ms`,
          profile,
        });
      } else {
        const problems = Array.isArray(r.problems) ? r.problems.length : 0;
        pass.invariantProblems += problems;
        pass.results.set(key, {
          key,
          label: `wallet concurrency (${num('operations')} ops on ${num('wallets')} wallets)`,
          figures: {
            rps: num('operationsPerSecond'),
            p50: Number.NaN,
            p99: Number.NaN,
            ok: num('operations'),
            non2xx: 0,
            fivexx: 0,
            errors: problems,
          },
          note: `${answer.name}; ${problems === 0 ? 'money invariants hold' : `${problems} PROBLEMS: ${JSON.stringify(r.problems).slice(0, 300)}`}`,
          profile,
        });
      }
    } catch (err) {
      pass.invariantProblems += 1;
      pass.results.set(key, { key, label: `${area} scenario`, note: `failed: ${(err as Error).message}` });
    }
  }

  // The same history at a million orders.
  if (IS_LARGE && db === 'postgres' && (wanted('history-1M') || !ONLY)) {
    log(`bench [${db}]: building the 1M data set … (load ${loadNow()})`);
    const large = await buildDataSet(sessions, LARGE, '0907', chain.centerIds);
    pass.lines.push(dataSetLine('1M', large, chain));
    await history('1M', 'typical', large.typical);
    await history('1M', 'heaviest', large.heaviest);
  } else if (!IS_LARGE) {
    pass.lines.push('1 million orders: not run (BENCH_LARGE=1 npm run bench builds and measures it)');
  } else if (db === 'pglite') {
    pass.lines.push(
      '1 million orders: PostgreSQL only (PGlite is the single-process default for small installs; building 5 million rows in it is not a use it has)',
    );
  }

  log(`bench [${db}]: baseline again …`);
  let baselineB = await load({ url: `${base}/bench/bare`, duration: DURATION, connections: CONNECTIONS });
  if (baselineB.ok === 0) {
    // The server was still busy with what came before (a build's aftermath): once it answers
    // again, measure once more.
    log(`bench [${db}]: the second baseline got no answer; measuring it again …`);
    for (
      let i = 0;
      i < 60 &&
      !(await fetch(`${base}/bench/bare`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    baselineB = await load({ url: `${base}/bench/bare`, duration: DURATION, connections: CONNECTIONS });
  }
  if (baselineB.ok === 0) {
    // A baseline with no answer would halve every ratio's denominator: the first one stands alone.
    baselineB = baselineA;
    pass.lines.push('second baseline: no answer twice; ratios use the first baseline alone');
  }
  pass.baseline = {
    rps: (baselineA.rps + baselineB.rps) / 2,
    p50: (baselineA.p50 + baselineB.p50) / 2,
    p99: (baselineA.p99 + baselineB.p99) / 2,
    ok: baselineA.ok + baselineB.ok,
    non2xx: baselineA.non2xx + baselineB.non2xx,
    fivexx: baselineA.fivexx + baselineB.fivexx,
    errors: baselineA.errors + baselineB.errors,
  };
  pass.lines.push(`baseline: first ${baselineA.rps.toFixed(0)} req/s, last ${baselineB.rps.toFixed(0)} req/s`);

  // Many clients on the pickup channel, and what they cost the server in memory: measured last, as
  // nothing should be measured after it. Tearing thousands of sockets down keeps the server busy
  // for a while and their memory is held for longer still, so a scenario run after it would be
  // measured on a server still busy with them.
  if (wanted('sockets') && SOCKETS > 0 && db === 'postgres') {
    log(`bench [${db}]: ${SOCKETS} sockets … (load ${loadNow()})`);
    const before = await ask<NodeJS.MemoryUsage>({ type: 'memory' });
    const { sockets, figures } = await connectMany(base, SOCKETS, typicalToken);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await ask<NodeJS.MemoryUsage>({ type: 'memory' });
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    pass.rssAfterSocketsMb = figures.connected === SOCKETS ? after.rss / 1024 / 1024 : Number.POSITIVE_INFINITY;
    pass.lines.push(
      `Socket.IO: ${figures.connected}/${SOCKETS} connected (${figures.failed} failed) in ${figures.connectMs} ms, p99 connect ${figures.p99ConnectMs} ms; ` +
        `server rss ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB ` +
        `(≈ ${((after.rss - before.rss) / Math.max(1, figures.connected) / 1024).toFixed(1)} KB rss per client)`,
    );
    for (const s of sockets) s.disconnect();
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const rowsLine = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
    .join(', ');

function dataSetLine(name: string, set: DataSet, chain: Chain) {
  return `${name} data set built in ${set.seconds.toFixed(0)} s: ${rowsLine(set.rows)} (orders over the chain's ${chain.centerIds.length} centers); heaviest client ${set.heaviest.orders.toLocaleString('en')} orders, typical (median) ${set.typical.orders}`;
}

function chainLine(chain: Chain) {
  return `chain built in ${chain.seconds.toFixed(1)} s: ${rowsLine(chain.rows)}`;
}

async function withPostgres(pass: Pass) {
  const dbName = `arrive_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(`PostgreSQL is not reachable at ${SERVER}: ${(err as Error).message}. Set BENCH_POSTGRES.`);
  }
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  let server: Server | null = null;
  // Two sessions: the data set's builder loads on both cores' worth at once.
  const sessions = [0, 1].map(() => new pg.Client({ connectionString: url.toString() }));
  try {
    server = await startServer({ ...process.env, DATABASE_URL: url.toString() });
    for (const session of sessions) await session.connect();
    await runPass(
      'postgres',
      server,
      sessions.map(
        (session): Sql =>
          async (text, params) =>
            session.query(text, params) as never,
      ),
      pass,
    );
    // The faults run on server processes of their own; this one (and the sockets it was left
    // with) would only take their CPU.
    await server.stop();
    server = null;
    if (['faults-restart', 'faults-storm', 'faults-postgres', 'faults-redis'].some(wanted))
      await runFaults(pass, url.toString());
  } finally {
    for (const session of sessions) await session.end().catch(() => {});
    await server?.stop().catch(() => {});
    const cleanup = new pg.Client({ connectionString: SERVER });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  }
}

async function runFaults(pass: Pass, databaseUrl: string) {
  const { rows, failures } = await measureFaults({
    start: async (extra) => {
      const s = await startServer({ ...process.env, DATABASE_URL: databaseUrl }, extra);
      return { port: s.port, ask: (m) => s.ask(m as never), stop: s.stop };
    },
    databaseUrl,
    wanted,
    log: (line) => log(`${line} (load ${loadNow()})`),
    restartSockets: FAULT_SOCKETS,
    restartPairs: FAULT_PAIRS,
    stormSockets: SOCKETS,
    stormSocketsPerClient: FAULT_STORM_DEVICES,
    downSeconds: FAULT_DOWN,
    profileDir: PROFILE_DIR,
  });
  pass.faults = rows;
  for (const r of rows) if (r.detail) pass.lines.push(r.detail);
  for (const f of failures) {
    pass.lines.push(`fault not measured: ${f}`);
    if (!f.includes('skipped')) pass.invariantProblems += 1;
  }
}

async function withPglite(pass: Pass) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arrive-bench-pglite-'));
  const { DATABASE_URL: _, ...env } = process.env;
  let server: Server | null = null;
  try {
    server = await startServer({ ...env, BENCH_PGLITE_DIR: dir });
    const s = server;
    const sql: Sql = (text, params) => s.ask({ type: 'sql', text, params });
    await runPass('pglite', server, [sql], pass);
  } finally {
    await server?.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const loadBefore = loadNow();
  log(`bench: ${DATABASES.join(' then ')}; ${DURATION}s per scenario, ${CONNECTIONS} connections; load ${loadBefore}`);
  const passes: Pass[] = [];
  for (const db of DATABASES) {
    const pass: Pass = { db, results: new Map(), lines: [], invariantProblems: 0 };
    passes.push(pass);
    try {
      if (db === 'postgres') await withPostgres(pass);
      else await withPglite(pass);
    } catch (err) {
      pass.lines.push(`FAILED: ${(err as Error).stack ?? err}`);
      pass.invariantProblems += 1;
    }
  }
  for (const pass of passes) printPass(pass);
  printTargets(passes);
  console.log(
    `\nload average (1, 5, 15 min): ${loadBefore} at the start, ${loadNow()} at the end; ${os.cpus().length} cores; node ${process.version}; ` +
      `${DURATION}s × ${CONNECTIONS} connections per scenario; ratios against the bare route in the same run`,
  );
}

const fmt = (n: number | undefined, digits = 0) => (n !== undefined && Number.isFinite(n) ? n.toFixed(digits) : '–');

function table(header: string[], body: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

function printPass(pass: Pass) {
  const base = pass.baseline;
  console.log(`\n## ${pass.db === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)'}\n`);
  const rows = [...pass.results.values()];
  if (base) {
    table(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'loop p99 ms', 'req/s ÷ bare', 'queries/req', 'non-2xx', 'notes'],
      [
        [
          'baseline GET /bench/bare',
          fmt(base.rps),
          fmt(base.p50, 1),
          fmt(base.p99, 1),
          '',
          '1.000',
          '0',
          `${base.non2xx}`,
          '',
        ],
        ...rows.map((r) => {
          const f = r.figures;
          if (!f) return [r.label, '', '', '', '', '', '', '', r.note ?? ''];
          return [
            r.label,
            fmt(f.rps),
            fmt(f.p50, 1),
            fmt(f.p99, 1),
            r.loopDelay ? fmt(r.loopDelay.p99, 1) : '',
            fmt(f.rps / base.rps, 3),
            fmt(r.queriesPerRequest, 1),
            `${f.non2xx + f.errors}`,
            r.note ?? '',
          ];
        }),
      ],
    );
  }
  console.log('');
  for (const l of pass.lines) console.log(l);
  for (const r of rows) {
    if (!r.profile) continue;
    console.log(`\nCPU profile [${pass.db}] ${r.label} (${r.profile.busyMs.toFixed(0)} ms busy):`);
    for (const f of r.profile.frames) console.log(`  ${f.selfPct.toFixed(1).padStart(5)} %  ${f.frame}`);
    console.log('  by where the code lives:');
    for (const f of r.profile.owners) console.log(`  ${f.selfPct.toFixed(1).padStart(5)} %  ${f.frame}`);
  }
}

type Target = {
  label: string;
  goal: string;
  value: (p: Pass) => number | undefined;
  pass: (v: number) => boolean;
  /** The verdict when more than the figure decides it (a fault's row). */
  verdict?: (p: Pass) => boolean | undefined;
};

const pgPassOf = (passes: Pass[]) => passes.find((p) => p.db === 'postgres');

function printTargets(passes: Pass[]) {
  const ratio = (key: string) => (p: Pass) => {
    const f = p.results.get(key)?.figures;
    return f && p.baseline ? f.rps / p.baseline.rps : undefined;
  };
  const p99Ratio = (a: string, b: string) => (p: Pass) => {
    const fa = p.results.get(a)?.figures;
    const fb = p.results.get(b)?.figures;
    return fa && fb && fb.p99 > 0 ? fa.p99 / fb.p99 : undefined;
  };
  const atLeast = (min: number) => (v: number) => v >= min;
  const atMost = (max: number) => (v: number) => v <= max;
  const targets: Target[] = [
    { label: 'catalogue req/s ÷ bare', goal: '≥ 0.6', value: ratio('catalogue'), pass: atLeast(0.6) },
  ];
  for (const scale of ['10k', '1M']) {
    for (const who of ['typical', 'heaviest']) {
      for (const page of ['first', 'later']) {
        targets.push({
          label: `history ${scale}, ${who}, ${page} page req/s ÷ bare`,
          goal: '≥ 0.3',
          value: ratio(`history-${scale}-${who}-${page}`),
          pass: atLeast(0.3),
        });
      }
    }
  }
  targets.push(
    {
      label: 'history p99 1M ÷ 10k, heaviest, first page',
      goal: '≤ 1.3',
      value: p99Ratio('history-1M-heaviest-first', 'history-10k-heaviest-first'),
      pass: atMost(1.3),
    },
    {
      label: 'history p99 1M ÷ 10k, heaviest, later page',
      goal: '≤ 1.3',
      value: p99Ratio('history-1M-heaviest-later', 'history-10k-heaviest-later'),
      pass: atMost(1.3),
    },
    { label: 'order placement req/s ÷ bare', goal: '≥ 0.15', value: ratio('placement'), pass: atLeast(0.15) },
    { label: 'wallet payment req/s ÷ bare', goal: '≥ 0.15', value: ratio('wallet-payment'), pass: atLeast(0.15) },
    {
      label: `event-loop delay p99 while ${CONNECTIONS} connections place orders, ms`,
      goal: '≤ 20',
      value: (p) => p.results.get('placement')?.loopDelay?.p99,
      pass: atMost(20),
    },
    {
      label: `chain: catalogue at ${CHAIN.centers} centers req/s ÷ bare`,
      goal: '≥ 0.6',
      value: ratio('chain-catalogue'),
      pass: atLeast(0.6),
    },
    {
      label: "chain: dispatch board, a dispatcher's center, as the tablet asks, req/s ÷ bare",
      goal: '≥ 0.3',
      value: ratio('chain-board'),
      pass: atLeast(0.3),
    },
    {
      label: `chain: order placement at ${CHAIN.centers} centers' stock req/s ÷ bare`,
      goal: '≥ 0.15',
      value: ratio('chain-placement'),
      pass: atLeast(0.15),
    },
    {
      label: 'pickup round trip p99 (20 counters), ms',
      goal: '≤ 100',
      value: (p) => p.results.get('pickup')?.figures?.p99,
      pass: atMost(100),
    },
    {
      label: `${SOCKETS.toLocaleString('en')} pickup sockets: server RSS, MB`,
      goal: '≤ 600',
      value: (p) => p.rssAfterSocketsMb,
      pass: atMost(600),
    },
    {
      label: '5xx answers + money invariants broken',
      goal: '= 0',
      value: (p) =>
        p.baseline
          ? [...p.results.values()].reduce((n, r) => n + (r.figures?.fivexx ?? 0), p.invariantProblems)
          : undefined,
      pass: (v) => v === 0,
    },
  );
  const fault = (key: FaultRow['key'], label: string, goal: string, pass: (v: number) => boolean): Target => ({
    label: (pgPassOf(passes)?.faults ?? []).find((r) => r.key === key)?.label ?? label,
    goal,
    value: (p) => p.faults?.find((r) => r.key === key)?.value,
    pass,
    verdict: (p) => p.faults?.find((r) => r.key === key)?.pass,
  });
  targets.push(
    fault('faults-restart', 'rolling restart: not reconnected + hand-overs not Delivered once', '= 0', (v) => v === 0),
    fault('faults-storm-p99', 'reconnect storm: bare route p99 during it, ms', '≤ 100', atMost(100)),
    fault('faults-storm-memory', 'reconnect storm: server RSS 5 s after ÷ before (GC)', '≤ 1.1', atMost(1.1)),
    fault(
      'faults-postgres',
      'PostgreSQL restarted under order placement: confirmed writes lost + 5xx other than 503 + no answer',
      '= 0',
      (v) => v === 0,
    ),
    fault('faults-postgres-recovery', 'PostgreSQL restarted: first 201 after it is back, s', '≤ 5', atMost(5)),
    fault('faults-redis', 'Redis stopped under load, 2 instances: 5xx + no answer', '= 0', (v) => v === 0),
  );
  console.log('\n## Targets\n');
  const cell = (t: Target, p: Pass | undefined) => {
    const v = p ? t.value(p) : undefined;
    const verdict = p ? t.verdict?.(p) : undefined;
    if (v === undefined || (Number.isNaN(v) && verdict === undefined)) return 'not run';
    const shown = !Number.isFinite(v) ? '–' : Math.abs(v) >= 10 || Number.isInteger(v) ? v.toFixed(0) : v.toFixed(2);
    return `${shown} ${(verdict ?? t.pass(v)) ? 'pass' : 'MISS'}`;
  };
  const pgPass = passes.find((p) => p.db === 'postgres');
  const litePass = passes.find((p) => p.db === 'pglite');
  table(
    ['target', 'goal', 'PostgreSQL', 'PGlite (beside)'],
    targets.map((t) => [t.label, t.goal, cell(t, pgPass), cell(t, litePass)]),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
