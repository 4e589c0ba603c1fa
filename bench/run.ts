// `npm run bench`: how the whole system behaves under load, as ratios against a bare route of the
// same Fastify app measured in the same run (the machine is shared and noisy). The server runs in
// a child process on a fresh PostgreSQL database (dropped afterwards) so its memory is its own.
// Not a test: it prints a table. Environment knobs:
//   BENCH_POSTGRES   server to create the database on (postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_DURATION   seconds per HTTP scenario (5)      BENCH_CONNECTIONS  concurrent connections (20)
//   BENCH_SOCKETS    Socket.IO clients (1000)           BENCH_LARGE=1      also the 1 million orders case
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { createSession } from '../src/server/modules/auth/session-service';
import { countOrders, insertClients, insertOrders, orderNumbersWithTag } from './data-set';
import { type LoadFigures, load } from './load';
import type { ChildMessage, ParentMessage } from './server';
import { connectMany } from './sockets';

const SERVER = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const LARGE = process.env.BENCH_LARGE === '1';
const SESSION_SECRET = `bench-${randomUUID()}-secret-0123456789`;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Omit distributed over a union. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

type Row = { scenario: string; figures?: LoadFigures; note?: string };
const rows: Row[] = [];
const extraLines: string[] = [];

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

/** The child server, and a request/answer channel over IPC. */
async function startServer(databaseUrl: string) {
  const child: ChildProcess = fork(path.join(here, 'server.ts'), [], {
    execArgv: ['--expose-gc', '--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET, REDIS_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was ready`)));
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'ready') resolve(message.port);
      else {
        const waiter = pending.get(message.id);
        pending.delete(message.id);
        if (message.type === 'result') waiter?.resolve(message.value);
        else waiter?.reject(new Error(message.message));
      }
    });
  });
  const ask = <T>(message: WithoutId<ParentMessage>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...message, id });
    });
  return { child, port, ask };
}

async function main() {
  const dbName = `arrive_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    console.error(`PostgreSQL is not reachable at ${SERVER}: ${(err as Error).message}. Set BENCH_POSTGRES.`);
    process.exit(1);
  }
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  try {
    log(`bench: database ${dbName}; ${DURATION}s per scenario, ${CONNECTIONS} connections`);
    server = await startServer(databaseUrl);
    const base = `http://127.0.0.1:${server.port}`;
    const { ask } = server;

    // The data set: background clients, then a few clients sharing 10 thousand orders.
    const background = await insertClients(pool, 1000, '0905');
    const historyClients = await insertClients(pool, 4, '0904');
    const walletClient = (await insertClients(pool, 1, '0903'))[0];
    const historyClient = historyClients[0];
    if (!historyClient || !walletClient) throw new Error('bench clients were not created');
    await insertOrders(pool, historyClients, 10_000);
    log(`bench: ${background.length + historyClients.length + 1} clients, ${await countOrders(pool)} orders`);
    extraLines.push(
      `data set: ${background.length + historyClients.length + 1} clients; 10,000 orders over ${historyClients.length} clients (the measured one has ${await countOrders(pool, historyClient)})`,
    );

    const sessions = await openDatabase({ url: databaseUrl });
    const tokenOf = async (clientId: string) =>
      (await createSession(sessions.db, { SESSION_SECRET }, clientId)).accessToken;
    const historyToken = await tokenOf(historyClient);
    const walletToken = await tokenOf(walletClient);
    await sessions.close();

    const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const has = (method: string, p: string) => Boolean(doc.paths[p]?.[method.toLowerCase()]);
    const headersFor = (token?: string) => ({
      'x-platform': 'web',
      'content-type': 'application/json',
      ...(token ? { cookie: `arrive_at=${token}` } : {}),
    });
    const run = async (scenario: string, method: string, p: string, options: Parameters<typeof load>[0] | null) => {
      if (!has(method, p) || !options) {
        rows.push({ scenario, note: 'skipped: route not available' });
        log(`bench: ${scenario}: skipped: route not available`);
        return;
      }
      log(`bench: ${scenario} …`);
      rows.push({ scenario, figures: await load({ duration: DURATION, connections: CONNECTIONS, ...options }) });
    };

    // Baseline first and last: the ratio uses their mean, so drift over the run shows.
    log('bench: baseline GET /bench/bare …');
    const baselineA = await load({ url: `${base}/bench/bare`, duration: DURATION, connections: CONNECTIONS });

    const catalogue = doc.paths['/api/product/'] ? '/api/product/' : '/api/product';
    await run('catalogue GET /api/product/', 'GET', catalogue, { url: `${base}${catalogue}` });
    await run('order history, 10k orders (page 1)', 'GET', '/api/order/client', {
      url: `${base}/api/order/client?page=1&pageSize=20`,
      headers: headersFor(historyToken),
    });
    await run('order history, 10k orders (page 50)', 'GET', '/api/order/client', {
      url: `${base}/api/order/client?page=50&pageSize=20`,
      headers: headersFor(historyToken),
    });

    // Order placement: a gas refill picked from the live catalogue, checked with /quote first.
    let orderBody: string | null = null;
    if (has('GET', catalogue)) {
      const { products } = (await (await fetch(`${base}${catalogue}`)).json()) as {
        products: { id: string; type: string }[];
      };
      const gas = products.find((p) => p.type === 'Gas');
      if (gas) {
        orderBody = JSON.stringify({
          type: 'Gas',
          items: [{ productId: gas.id, quantity: 12.5, sizeKg: 12.5 }],
          deliveryOption: 'PickerUP',
        });
        if (has('POST', '/api/order/quote')) {
          const quote = await fetch(`${base}/api/order/quote`, {
            method: 'POST',
            headers: headersFor(historyToken),
            body: orderBody,
          });
          if (!quote.ok) {
            log(`bench: order placement body refused by /quote (${quote.status}): ${await quote.text()}`);
            orderBody = null;
          }
        }
      }
    }
    await run(
      'order placement POST /api/order/new',
      'POST',
      '/api/order/new',
      orderBody
        ? { url: `${base}/api/order/new`, method: 'POST', headers: headersFor(historyToken), body: orderBody }
        : null,
    );

    // Wallet payment: a funded wallet and a pool of unpaid orders, one per request.
    let walletOptions: Parameters<typeof load>[0] | null = null;
    if (has('POST', '/api/payment/wallet')) {
      try {
        await ask({ type: 'prepare-wallet', clientId: walletClient, amount: 50_000_000_000 });
        const { tag } = await insertOrders(pool, [walletClient], 30_000, { status: 'Not Paid', total: 10_000 });
        const numbers = await orderNumbersWithTag(pool, tag);
        let next = 0;
        walletOptions = {
          url: base,
          headers: headersFor(walletToken),
          requests: [
            {
              method: 'POST',
              path: '/api/payment/wallet',
              setupRequest: (req) => ({
                ...req,
                body: JSON.stringify({ orderNumber: numbers[next++ % numbers.length] }),
              }),
            },
          ],
        };
      } catch (err) {
        log(`bench: wallet payment not prepared: ${(err as Error).message}`);
      }
    }
    await run('wallet payment POST /api/payment/wallet', 'POST', '/api/payment/wallet', walletOptions);

    // The areas' own scenarios, run inside the server process.
    for (const [area, options] of [
      ['pickup', { clients: 20, rounds: 5 }],
      ['wallet', { operations: 400, wallets: 10, concurrency: 20 }],
    ] as const) {
      log(`bench: ${area} scenario …`);
      try {
        const answer = await ask<{ name: string; report: Record<string, unknown> } | null>({
          type: 'scenario',
          area,
          options,
        });
        if (!answer) {
          rows.push({ scenario: `${area} scenario`, note: 'skipped: scenario not available' });
          continue;
        }
        const r = answer.report;
        const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : Number.NaN);
        if (area === 'pickup') {
          rows.push({
            scenario: `pickup confirmation round trip (${options.clients} counters)`,
            figures: {
              rps: num('perSecond'),
              p50: num('p50Ms'),
              p99: num('p99Ms'),
              ok: num('confirmations'),
              non2xx: num('errors'),
              errors: 0,
            },
            note: answer.name,
          });
        } else {
          const problems = Array.isArray(r.problems) ? r.problems.length : 0;
          rows.push({
            scenario: `wallet concurrency (${num('operations')} ops on ${num('wallets')} wallets)`,
            figures: {
              rps: num('operationsPerSecond'),
              p50: Number.NaN,
              p99: Number.NaN,
              ok: num('operations'),
              non2xx: 0,
              errors: problems,
            },
            note: `${answer.name}; ${problems === 0 ? 'money invariants hold' : `${problems} PROBLEMS: ${JSON.stringify(r.problems).slice(0, 300)}`}`,
          });
        }
      } catch (err) {
        rows.push({ scenario: `${area} scenario`, note: `failed: ${(err as Error).message}` });
      }
    }

    // The order history again at a million orders.
    if (LARGE) {
      try {
        const have = await countOrders(pool);
        log(`bench: inserting ${1_000_000 - have} orders to reach 1 million …`);
        const t0 = Date.now();
        await insertOrders(pool, historyClients, Math.max(0, 1_000_000 - have));
        extraLines.push(
          `1 million orders inserted in ${((Date.now() - t0) / 1000).toFixed(0)} s; the measured client has ${await countOrders(pool, historyClient)}`,
        );
        await run('order history, 1M orders (page 1)', 'GET', '/api/order/client', {
          url: `${base}/api/order/client?page=1&pageSize=20`,
          headers: headersFor(historyToken),
        });
        await run('order history, 1M orders (page 50)', 'GET', '/api/order/client', {
          url: `${base}/api/order/client?page=50&pageSize=20`,
          headers: headersFor(historyToken),
        });
      } catch (err) {
        rows.push({ scenario: 'order history, 1M orders', note: `failed: ${(err as Error).message}` });
      }
    } else {
      extraLines.push('order history at 1 million orders: not run (takes minutes); run `BENCH_LARGE=1 npm run bench`');
    }

    // Many clients on the pickup channel, and what they cost the server in memory.
    const before = await ask<NodeJS.MemoryUsage>({ type: 'memory' });
    const { sockets, figures } = await connectMany(base, SOCKETS, historyToken);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await ask<NodeJS.MemoryUsage>({ type: 'memory' });
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    extraLines.push(
      `Socket.IO: ${figures.connected}/${SOCKETS} connected (${figures.failed} failed) in ${figures.connectMs} ms, p99 connect ${figures.p99ConnectMs} ms`,
      `server memory: rss ${mb(before.rss)} → ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB; ` +
        `≈ ${((after.rss - before.rss) / Math.max(1, figures.connected) / 1024).toFixed(1)} KB rss and ` +
        `${((after.heapUsed - before.heapUsed) / Math.max(1, figures.connected) / 1024).toFixed(1)} KB heap per connected client`,
    );
    for (const s of sockets) s.disconnect();

    log('bench: baseline again …');
    const baselineB = await load({ url: `${base}/bench/bare`, duration: DURATION, connections: CONNECTIONS });
    const baseline: LoadFigures = {
      rps: (baselineA.rps + baselineB.rps) / 2,
      p50: (baselineA.p50 + baselineB.p50) / 2,
      p99: (baselineA.p99 + baselineB.p99) / 2,
      ok: baselineA.ok + baselineB.ok,
      non2xx: baselineA.non2xx + baselineB.non2xx,
      errors: baselineA.errors + baselineB.errors,
    };
    rows.unshift({
      scenario: 'baseline GET /bench/bare',
      figures: baseline,
      note: `first ${baselineA.rps.toFixed(0)} req/s, last ${baselineB.rps.toFixed(0)} req/s`,
    });
    printTable(baseline);
  } finally {
    await pool.end().catch(() => {});
    if (server) {
      server.child.disconnect();
      await new Promise((r) => server?.child.once('exit', r) ?? r(null)).catch(() => {});
    }
    const cleanup = new pg.Client({ connectionString: SERVER });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${dbName} with (force)`);
    await cleanup.end();
  }
}

function printTable(baseline: LoadFigures) {
  const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ base', 'p99 ÷ base', 'non-2xx', 'notes'];
  const body = rows.map((r) => {
    const f = r.figures;
    if (!f) return [r.scenario, '', '', '', '', '', '', r.note ?? ''];
    return [
      r.scenario,
      fmt(f.rps),
      fmt(f.p50, 1),
      fmt(f.p99, 1),
      fmt(f.rps / baseline.rps, 3),
      fmt(f.p99 / Math.max(baseline.p99, 1), 1),
      `${f.non2xx + f.errors}`,
      r.note ?? '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log('');
  for (const l of extraLines) console.log(l);
  console.log(
    `(node ${process.version}, ${DURATION}s × ${CONNECTIONS} connections per scenario; ratios against the bare route in the same run)`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
