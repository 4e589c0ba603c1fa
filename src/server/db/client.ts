import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { PgliteProcess } from './pglite-process';

/**
 * Every table by name (src/server/schema.ts), handed in by whoever opens the database: db/ sits
 * below the modules, which own the tables, so it never imports them. Statements name their tables
 * themselves; the schema only fills drizzle's relational `db.query`.
 */
export type Schema = Record<string, unknown>;
/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<Schema>;
/** A transaction or the database itself: services take either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the committed migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** Answers whether the database can be reached right now. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Statements sent through `db` since the start (transaction BEGIN/COMMIT included), when opened
   * with `countQueries`; otherwise always 0. The bench divides it by the requests it made.
   */
  queryCount(): number;
  /**
   * Runs `work` and answers the statements it sent, and those of what it started (a statement a
   * batcher sends for it included), not those of the process's background work (the outbox, the
   * pollers) that happen to run meanwhile. With `countQueries`; otherwise `statements` is 0.
   */
  statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }>;
  /**
   * PGlite only: its data directory as a gzip tarball (what `PGlite.create({ loadDataDir })`
   * reads), taken while no transaction is open, so it holds exactly the transactions committed
   * before it. Statements wait the second or so it takes (db/backup.ts). `compression: 'none'`
   * answers a plain tarball, larger but quicker to load.
   */
  snapshot?(compression?: 'gzip' | 'none'): Promise<Blob>;
  /** The pool's connections right now (the operator's metrics); null on PGlite inside this process, which has none. */
  poolCounts(): PoolCounts | null;
  /**
   * Hands every statement's time (seconds, from sending it to its answer or error) to `observe`
   * from now on (the operator's metrics); one observer, the last given.
   */
  observeStatements(observe: StatementObserver): void;
};

export type StatementObserver = (seconds: number, failed: boolean) => void;

/** Calls `query` and times the promise it answers for the observer, if there is one. */
function timed<T>(observer: { current: StatementObserver | null }, query: () => T): T {
  const observe = observer.current;
  if (!observe) return query();
  const started = performance.now();
  const answer = query();
  if (answer instanceof Promise) {
    answer.then(
      () => observe((performance.now() - started) / 1000, false),
      () => observe((performance.now() - started) / 1000, true),
    );
  }
  return answer;
}

/** pg.Pool's own counts: connections open, of them idle, requests waiting for one, and the pool's size. */
export type PoolCounts = { total: number; idle: number; waiting: number; max: number };

/** Where PGlite keeps its files under DATA_DIR. */
export const pgliteDirOf = (dataDir: string): string => path.resolve(dataDir, 'pglite');

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions = {
  /** Every table (src/server/schema.ts); a migration alone needs none. */
  schema?: Schema;
  /** postgres://… selects PostgreSQL; otherwise embedded PGlite. */
  url?: string;
  /** PGlite's directory; undefined keeps it in memory (tests). */
  dataDir?: string;
  /**
   * PGlite in its own process (db/pglite-process.ts, the server's default): reached through
   * node-postgres on one connection, as PGlite is one session; `close` ends the process too.
   */
  pgliteProcess?: PgliteProcess;
  /** Count the statements (`queryCount`); off by default (the bench turns it on). */
  countQueries?: boolean;
  /** PostgreSQL connections in the pool (DEFAULT_POOL_SIZE). */
  poolSize?: number;
  /**
   * PGlite only: start from this data directory (a `snapshot()` tarball) instead of an empty
   * cluster, optionally with the engine already compiled. Tests start every app from one migrated
   * directory: an empty cluster's initdb and the migrations take seconds each time.
   */
  pgliteFrom?: { dataDir: Blob; engine?: WebAssembly.Module };
};

/**
 * PostgreSQL connections per server process. A request holds one only while its statements run
 * (a write for its transaction), so a few serve a busy instance; more would only queue work inside PostgreSQL on a small machine
 * (the usual advice: about twice the database's cores, shared by all instances).
 */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Times PGlite's statements: drizzle sends them through `query` and `exec`, inside a transaction
 * through those of the transaction object it is handed.
 */
function timePglite(client: PGlite, observer: { current: StatementObserver | null }): void {
  type Runner = Pick<PGlite, 'query' | 'exec'>;
  const wrap = <R extends Runner>(runner: R): R => {
    const query = runner.query.bind(runner);
    const exec = runner.exec.bind(runner);
    runner.query = ((...args: Parameters<typeof query>) => timed(observer, () => query(...args))) as typeof query;
    runner.exec = ((...args: Parameters<typeof exec>) => timed(observer, () => exec(...args))) as typeof exec;
    return runner;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Parameters<Parameters<typeof transaction>[0]>[0]) => Promise<unknown>) =>
    transaction((tx) => work(wrap(tx)))) as typeof transaction;
}

/** Whether a query (a ping's `select 1`) got an answer: false instead of its error. */
async function answers(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

/** A drizzle logger that only counts (drizzle calls it for every statement it sends). */
function counter() {
  let n = 0;
  // Drizzle calls the logger in the caller's async context: the work being measured, if any.
  const measured = new AsyncLocalStorage<{ n: number }>();
  return {
    logger: {
      logQuery: () => {
        n++;
        const scope = measured.getStore();
        if (scope) scope.n++;
      },
    },
    count: () => n,
    async statementsOf<T>(work: () => Promise<T>) {
      const scope = { n: 0 };
      const result = await measured.run(scope, work);
      return { result, statements: scope.n };
    },
  };
}

const uncounted = async <T>(work: () => Promise<T>) => ({ result: await work(), statements: 0 });

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const schema = options.schema ?? {};
  const counted = options.countQueries ? counter() : null;
  const drizzleOptions = { schema, ...(counted ? { logger: counted.logger } : {}) };
  const observer: { current: StatementObserver | null } = { current: null };
  // What both kinds of database answer alike: the statement counts and their observer.
  const measures = {
    queryCount: () => counted?.count() ?? 0,
    statementsOf: counted?.statementsOf ?? uncounted,
    observeStatements: (observe: StatementObserver) => {
      observer.current = observe;
    },
  };
  const apart = options.pgliteProcess;
  if (options.url || apart) {
    // Every statement goes through a pool client's query, a transaction's included; the pool's
    // own query (a statement outside a transaction) passes a callback instead of taking a promise.
    class TimedClient extends pg.Client {
      override query(...args: unknown[]): never {
        const send = (...a: unknown[]) => (super.query as (...a: unknown[]) => never)(...a);
        const last = args.at(-1);
        const observe = observer.current;
        if (typeof last !== 'function' || !observe) return timed(observer, () => send(...args));
        const started = performance.now();
        return send(...args.slice(0, -1), (error: unknown, result: unknown) => {
          observe((performance.now() - started) / 1000, Boolean(error));
          (last as (error: unknown, result: unknown) => void)(error, result);
        });
      }
    }
    const pool = new pg.Pool({
      Client: TimedClient as typeof pg.Client,
      ...(apart
        ? // One connection, kept: PGlite is one session, so a pool would only queue behind it.
          { ...apart.address, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0 }
        : { connectionString: options.url, max: options.poolSize ?? DEFAULT_POOL_SIZE }),
      connectionTimeoutMillis: 5000,
    });
    // A dropped connection (database restart) must not crash the process; the pool reconnects.
    // The pool reports errors of idle connections; a connection checked out (a transaction
    // between two statements) reports its own, and without a listener that would be an uncaught
    // error. Its query in flight fails on its own, and the pool drops the broken connection.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg(pool, drizzleOptions);
    return {
      ...measures,
      db,
      kind: apart ? 'pglite' : 'postgres',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: () => answers(() => pool.query('select 1')),
      async close() {
        await pool.end();
        await apart?.stop();
      },
      ...(apart ? { snapshot: (compression: 'gzip' | 'none' = 'gzip') => apart.snapshot(compression) } : {}),
      poolCounts: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? DEFAULT_POOL_SIZE,
      }),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = pgliteDirOf(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const from = options.pgliteFrom;
  const client = await PGlite.create({
    dataDir,
    ...(from ? { loadDataDir: from.dataDir, ...(from.engine ? { pgliteWasmModule: from.engine } : {}) } : {}),
  });
  timePglite(client, observer);
  const pgliteDb = drizzlePglite(client, drizzleOptions);
  return {
    ...measures,
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => answers(() => client.query('select 1')),
    close: () => client.close(),
    poolCounts: () => null,
    async snapshot(compression: 'gzip' | 'none' = 'gzip') {
      // A checkpoint first keeps the WAL a restore replays short. dumpDataDir waits only for the
      // statement running, not for an open transaction (drizzle's transactions hold PGlite's
      // transaction lock between their statements); holding that lock as well keeps the tarball
      // from catching a transaction half done.
      await client.exec('checkpoint');
      return client._runExclusiveTransaction(() => client.dumpDataDir(compression));
    },
  };
}
