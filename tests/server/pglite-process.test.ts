// The embedded database in its own process (src/server/db/pglite-process.ts), reached through
// node-postgres over its socket (db/pglite-wire.ts): statements and transactions as on PostgreSQL,
// a dropped connection's transaction rolled back, snapshots between transactions, and the process
// ending with the server that started it, however that one ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';
import { type PgliteProcess, pidFileOf, startPgliteProcess, waitForPrevious } from '../../src/server/db/pglite-process';
import { batchArray, rawStatement } from '../../src/server/db/statement';

const dirs: string[] = [];
const opened: Database[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'arrive-pglite-process-'));
  dirs.push(dir);
  return dir;
};
const noExit = (code: number | null) => {
  throw new Error(`the database process ended unasked (${code})`);
};

async function open(dataDir: string): Promise<{ database: Database; apart: PgliteProcess }> {
  const apart = await startPgliteProcess(dataDir, noExit);
  const database = await openDatabase({ pgliteProcess: apart });
  opened.push(database);
  await database.db.execute(sql`create table if not exists t (id int primary key, note text)`);
  return { database, apart };
}

/** A second connection of node-postgres's own, as the pool makes one. */
async function rawClient(apart: PgliteProcess): Promise<pg.Client> {
  const client = new pg.Client({ ...apart.address, user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close().catch(() => {});
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Each test starts a database process of its own (a new cluster's initdb included).
describe('PGlite in its own process', { timeout: 60_000 }, () => {
  it('runs concurrent statements and transactions as one session, and keeps them after a restart', async () => {
    const dataDir = newDataDir();
    const { database, apart } = await open(dataDir);
    expect(apart.pid).not.toBe(process.pid);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => database.db.execute(sql`insert into t values (${i}, ${`row ${i}`})`)),
    );
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (1000, 'undone')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from t`);
    expect(rows[0]?.n).toBe(50);

    await database.close();
    expect(await until(() => !alive(apart.pid), 5_000), 'the process ends with close').toBe(true);
    const again = await open(dataDir);
    const after = await again.database.db.execute<{ n: number }>(sql`select count(*)::int as n from t`);
    expect(after.rows[0]?.n).toBe(50);
  });

  it('rolls back the transaction of a connection that drops, and serves the next one', async () => {
    const apart = await startPgliteProcess(newDataDir(), noExit);
    try {
      const first = await rawClient(apart);
      first.on('error', () => {});
      await first.query('create table t (id int primary key)');
      await first.query('begin');
      await first.query('insert into t values (1)');
      // One session: a second connection waits while the first one is served.
      const second = new pg.Client({ ...apart.address, user: 'postgres', database: 'postgres' });
      const connected = second.connect();
      const raced = await Promise.race([
        connected.then(() => 'connected'),
        new Promise((r) => setTimeout(r, 300, 'waiting')),
      ]);
      expect(raced).toBe('waiting');
      (first as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      await connected;
      const { rows } = await second.query<{ n: number }>('select count(*)::int as n from t');
      expect(rows[0]?.n, 'the dropped transaction left nothing').toBe(0);
      const fresh = await second.query<{ fresh: boolean }>('select now() = statement_timestamp() as fresh');
      expect(fresh.rows[0]?.fresh, 'no transaction is left open (its now() would be older)').toBe(true);
      await second.end();
    } finally {
      await apart.stop();
    }
  });

  it("starts each connection without the last one's prepared statements and settings", async () => {
    const apart = await startPgliteProcess(newDataDir(), noExit);
    try {
      for (let round = 0; round < 2; round++) {
        const client = await rawClient(apart);
        // node-postgres prepares a named statement once per connection: the second round's Parse
        // of the same name fails if the session still holds the first's.
        const { rows } = await client.query<{ n: number }>({
          name: 'same_name',
          text: 'select $1::int as n',
          values: [round],
        });
        expect(rows[0]?.n).toBe(round);
        const setting = await client.query<{ v: string }>("select current_setting('application_name') as v");
        expect(setting.rows[0]?.v, 'a setting of the last connection is gone').toBe('');
        await client.query("set application_name = 'left behind'");
        await client.end();
      }
    } finally {
      await apart.stop();
    }
  });

  it("keeps a batch statement's generic plan when its array is a batchArray: no planning on each run", async () => {
    const { database } = await open(newDataDir());
    await database.db.execute(sql`insert into t select g, 'row ' || g from generate_series(1, 2000) g`);
    await database.db.execute(sql`analyze t`);
    const plain = rawStatement<{ id: number }>(
      'test_batch_plain',
      sql`select id from t where id = any(${sql.placeholder('ids')}::int[]) order by id`,
    );
    const steady = rawStatement<{ id: number }>(
      'test_batch_steady',
      sql`select id from t where id = any(${batchArray('ids', 'int')}) order by id`,
    );
    // One connection for the whole check: prepared statements and their counts are its session's.
    await database.db.transaction(async (tx) => {
      for (let run = 0; run < 8; run++) {
        // A lone request's batch: the array itself makes each custom plan cheaper than the generic
        // one (sized for ten elements), so PostgreSQL would plan every run anew.
        const ids = [run + 1];
        expect((await plain.run(tx, { ids })).map((r) => r.id)).toEqual(ids);
        expect((await steady.run(tx, { ids })).map((r) => r.id)).toEqual(ids);
      }
      const { rows } = await tx.execute<{ name: string; generic: number; custom: number }>(
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
            where name like 'test_batch_%' order by name`,
      );
      expect(rows).toEqual([
        { name: 'test_batch_plain', generic: 0, custom: 8 },
        { name: 'test_batch_steady', generic: 3, custom: 5 },
      ]);
    });
  });

  it('takes a snapshot only between transactions: it holds what was committed before it', async () => {
    const dataDir = newDataDir();
    const { database, apart } = await open(dataDir);
    await database.db.execute(sql`insert into t values (1, 'before')`);
    let snapshotTaken = false;
    const taken = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (2, 'inside')`);
      const snapshot = apart.snapshot('none').then((blob) => {
        snapshotTaken = true;
        return blob;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(snapshotTaken, 'no snapshot while the transaction is open').toBe(false);
      await tx.execute(sql`insert into t values (3, 'inside')`);
      // Not returned as itself: the transaction would wait for it, and it for the commit.
      return { snapshot };
    });
    const blob = await (await taken).snapshot;
    await database.db.execute(sql`insert into t values (4, 'after')`);
    const restored = await PGlite.create({ loadDataDir: blob });
    const { rows } = await restored.query<{ id: number }>('select id from t order by id');
    await restored.close();
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('ends when the server that started it is killed', async () => {
    const dataDir = newDataDir();
    // A stand-in for the server: it starts the process, and is killed.
    const script = path.join(dataDir, 'server.mts');
    writeFileSync(
      script,
      `const { startPgliteProcess } = await import(${JSON.stringify(path.resolve('src/server/db/pglite-process.ts'))});
      const apart = await startPgliteProcess(${JSON.stringify(dataDir)}, () => {});
      console.log(apart.pid);
      setInterval(() => {}, 1000);`,
    );
    const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await new Promise<number>((resolve) =>
      server.stdout?.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
    );
    expect(alive(pid)).toBe(true);
    expect(readFileSync(pidFileOf(dataDir), 'utf8')).toBe(String(pid));
    server.kill('SIGKILL');
    expect(await until(() => !alive(pid), 10_000), 'the process ends with its server').toBe(true);
    const { database, apart } = await open(dataDir);
    expect(readFileSync(pidFileOf(dataDir), 'utf8')).toBe(String(apart.pid));
    await database.close();
    expect(existsSync(pidFileOf(dataDir)), 'a stopped process leaves no pid file').toBe(false);
  });

  it('starts only once the process named in the pid file has ended', async () => {
    const dataDir = newDataDir();
    const pidFile = path.join(dataDir, 'pglite.pid');
    const previous = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 1500)']);
    writeFileSync(pidFile, String(previous.pid));
    const ended = new Promise<number>((resolve) => previous.once('exit', () => resolve(Date.now())));
    await waitForPrevious(pidFile);
    const started = Date.now();
    expect(started, 'it waited for the previous process').toBeGreaterThanOrEqual(await ended);
    expect(readFileSync(pidFile, 'utf8')).toBe(String(process.pid));
  });
});
