// The restore drill, as an operator runs it: the real server under write load (orders placed and
// paid from wallets through the HTTP API), `npm run backup` taken in the middle of it, more writes
// after, the server stopped; `npm run restore` into an empty data folder (PGlite) or an empty
// database (PostgreSQL), a server started on it. Every order confirmed before the backup started
// must be there, none asked for after it finished, and `npm run reconcile` must pass. The restore
// refuses a target that holds a database (without --force) and a backup of the other kind, and
// --force replaces the target. On PGlite always; on PostgreSQL when TEST_DATABASE_URL is set
// (then only there: the PGlite pass runs the PGlite case). Plus the daily schedule's clock,
// clean-up and, on PostgreSQL, its one-instance lock.
import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main as restoreMain } from '../../src/server/cli/restore';
import { backupFileName, backupKindOf, nextBackupAt, pruneBackups, readBackupMeta } from '../../src/server/db/backup';
import { scheduleDailyBackup } from '../../src/server/db/backup-schedule';
import { openDatabase } from '../../src/server/db/client';
import { createFreshDatabase } from '../../src/server/test-utils/test-app';
import { HttpClient } from './support/http-client';
import { freePort } from './support/redis-server';
import { killAllServers, runCli, runReconcileCli, ServerProcess } from './support/server-process';

const CLIENTS = 2;
const WORKERS_PER_CLIENT = 1;
/** Orders confirmed before the backup starts, and orders sent after it finished, at least. */
const BEFORE = 8;
const AFTER = 6;
/** Enough for every wallet payment the load can make (each pays ₦1,250). */
const TRANSFER_KOBO = 100_000_000;
/** A pause between a worker's requests: a small steady load, a few dozen orders. */
const PACE_MS = 100;

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  await killAllServers();
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (err) {
      console.warn('backup-restore cleanup:', err);
    }
  }
}, 60_000);

type Store = { dataDir?: string; databaseUrl?: string };

const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** `npm run backup` / `npm run restore` as a child process against a store: exit code and output. */
const runBackupCli = (script: 'backup' | 'restore', args: string[], store: Store) =>
  runCli(script, args, store, 90_000);

type Person = { client: HttpClient; clientId: string; unpaid: string[] };
/** An order the server confirmed: when its request left and when the answer came. */
type Placed = { clientId: string; orderNumber: string; sentAt: number; confirmedAt: number };
type Paid = { orderNumber: string; sentAt: number; confirmedAt: number };

async function signIn(url: string): Promise<Person[]> {
  const run = Number.parseInt(randomBytes(2).toString('hex'), 16) % 9000;
  const people: Person[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const client = new HttpClient(url, `0807${String(run * 10 + i).padStart(7, '0')}`);
    const clientId = await client.signUp();
    const wallet = await client.send<{ virtualAccount: { accountNumber: string } }>('POST', '/api/wallet/create', {
      firstname: 'Drill',
      lastname: `Tester ${i}`,
      email: `drill-${run}-${i}@example.com`,
      consentGiven: true,
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
    const funded = await client.send('POST', '/api/wallet/simulate_transfer', {
      accountNumber: wallet.body.virtualAccount.accountNumber,
      amount: TRANSFER_KOBO,
    });
    expect(funded.status, JSON.stringify(funded.body)).toBe(200);
    people.push({ client, clientId, unpaid: [] });
  }
  return people;
}

/** Orders placed (and every third paid from the wallet) by every client's workers until stopped. */
function startLoad(people: Person[], gasId: string) {
  const placed: Placed[] = [];
  const paid: Paid[] = [];
  const refused: string[] = [];
  let stop = false;
  const placeOrder = async (person: Person) => {
    const sentAt = Date.now();
    const res = await person.client.send<{ orderNumber: string }>('POST', '/api/order/new', {
      type: 'Gas',
      items: [{ productId: gasId, quantity: 1, sizeKg: 12.5 }],
      deliveryOption: 'PickerUP',
    });
    if (res.status !== 201) refused.push(`order → ${res.status} ${JSON.stringify(res.body)}`);
    else {
      placed.push({ clientId: person.clientId, orderNumber: res.body.orderNumber, sentAt, confirmedAt: Date.now() });
      person.unpaid.push(res.body.orderNumber);
    }
  };
  const payOne = async (person: Person) => {
    const orderNumber = person.unpaid.shift();
    if (!orderNumber) return placeOrder(person);
    const sentAt = Date.now();
    const res = await person.client.send('POST', '/api/payment/wallet', { orderNumber });
    if (res.status !== 200) refused.push(`pay ${orderNumber} → ${res.status} ${JSON.stringify(res.body)}`);
    else paid.push({ orderNumber, sentAt, confirmedAt: Date.now() });
  };
  const cycle = [placeOrder, placeOrder, payOne];
  const workers = people.flatMap((person, p) =>
    Array.from({ length: WORKERS_PER_CLIENT }, async (_, w) => {
      for (let step = p + w; !stop && step < 400; step++) {
        await (cycle[step % cycle.length] as (person: Person) => Promise<void>)(person);
        await new Promise((r) => setTimeout(r, PACE_MS));
      }
    }),
  );
  return {
    placed,
    paid,
    refused,
    async until(condition: () => boolean, limitMs: number) {
      const started = Date.now();
      while (!condition() && Date.now() - started < limitMs) await new Promise((r) => setTimeout(r, 20));
    },
    async stop() {
      stop = true;
      await Promise.all(workers);
    },
  };
}

/** `npm run restore` in this process (its `main`), for the refusals, which open no database: exit code and output. */
async function restoreHere(args: string[], store: Store): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const capture = (...parts: unknown[]) => {
    lines.push(parts.map(String).join(' '));
  };
  const spies = [
    vi.spyOn(console, 'error').mockImplementation(capture),
    vi.spyOn(console, 'log').mockImplementation(capture),
  ];
  try {
    const env = store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : { DATA_DIR: store.dataDir ?? '' };
    return { code: await restoreMain(args, env), output: lines.join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

type OrderSeen = { orderNumber: string; status: string; paymentType: string | null };

/** Every order a client's session lists on a server. */
async function ordersListed(client: HttpClient): Promise<Map<string, OrderSeen>> {
  const seen = new Map<string, OrderSeen>();
  for (let page = 1; page <= 20; page++) {
    const res = await client.send<{ orders: OrderSeen[]; total: number }>(
      'GET',
      `/api/order/client?page=${page}&pageSize=100`,
    );
    expect(res.status, `${client.phone}: ${JSON.stringify(res.body)}`).toBe(200);
    for (const o of res.body.orders) seen.set(o.orderNumber, o);
    if (seen.size >= res.body.total || res.body.orders.length === 0) break;
  }
  return seen;
}

/**
 * PGlite, once the source's server has stopped: `npm run backup` with no server reads the folder
 * itself, and `npm run restore --force` puts it over a DATA_DIR that holds something, keeping that aside.
 */
async function offlineBackupThenForce(source: Store, backups: string) {
  const file = path.join(backups, 'offline.tar.gz');
  const backup = await runBackupCli('backup', [file], source);
  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(/no server running: read from the folder/);
  const occupied = { dataDir: tempDir('arrive-restore-occupied-') };
  mkdirSync(path.join(occupied.dataDir ?? '', 'pglite'));
  writeFileSync(path.join(occupied.dataDir ?? '', 'pglite', 'what-was-here'), 'old');
  const forced = await runBackupCli('restore', [file, '--force'], occupied);
  expect(forced.code, forced.output).toBe(0);
  expect(forced.output).toMatch(/replacing what was there/);
  const dir = occupied.dataDir ?? '';
  const aside = readdirSync(dir).find((name) => name.startsWith('pglite.before-restore-'));
  expect(aside, `the old folder kept aside: ${readdirSync(dir).join(', ')}`).toBeTruthy();
  expect(existsSync(path.join(dir, aside ?? '', 'what-was-here'))).toBe(true);
  expect(existsSync(path.join(dir, 'pglite', 'PG_VERSION'))).toBe(true);
}

/**
 * The drill on one kind of database: `source` is written to and backed up, `target` is the empty
 * store restored into.
 */
async function drill(source: Store, target: Store, label: string) {
  const timings: string[] = [];
  let mark = Date.now();
  const lap = (what: string) => {
    timings.push(`${what} ${Date.now() - mark} ms`);
    mark = Date.now();
  };
  const first = ServerProcess.start({ port: await freePort(), ...source });
  await first.waitHealthy(90_000);
  lap('start');
  if (source.dataDir) {
    // The operator socket: in a folder of its owner alone, no network route.
    const socket = path.join(source.dataDir, 'operator', 'backup.sock');
    expect(statSync(socket).isSocket()).toBe(true);
    expect(statSync(path.dirname(socket)).mode & 0o077, 'only the owner enters the socket folder').toBe(0);
  }
  const products = await new HttpClient(first.url, '').send<{ products: { id: string; type: string }[] }>(
    'GET',
    '/api/product/',
  );
  const gasId = products.body.products.find((p) => p.type === 'Gas')?.id as string;
  expect(gasId, 'the seeded catalogue has gas').toBeTruthy();
  const people = await signIn(first.url);

  const load = startLoad(people, gasId);
  await load.until(() => load.placed.length >= BEFORE, 60_000);
  lap('load before');
  const backups = tempDir('arrive-backups-');
  const file = path.join(backups, `drill.${source.databaseUrl ? 'dump' : 'tar.gz'}`);
  const backupStartedAt = Date.now();
  const placedAtStart = load.placed.length;
  const backup = await runBackupCli('backup', [file], source);
  const backupEndedAt = Date.now();
  lap('backup');
  const sentAfter = () => load.placed.filter((o) => o.sentAt > backupEndedAt).length;
  await load.until(() => sentAfter() >= AFTER, 60_000);
  await load.stop();
  expect(await first.stop(), first.log()).toEqual({ code: 0, signal: null });
  lap('load after');

  expect(backup.code, backup.output).toBe(0);
  expect(backup.output).toMatch(source.databaseUrl ? /PostgreSQL \(pg_dump\)/ : /snapshot from the running server/);
  expect(load.refused, 'every write of the load was accepted').toEqual([]);
  const duringBackup = load.placed.length - placedAtStart - sentAfter();
  const meta = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as Record<string, unknown>;
  expect(meta).toMatchObject({ format: 'arrive-backup', kind: source.databaseUrl ? 'postgres' : 'pglite' });
  expect(meta.migration).toMatch(/^\d{4}_/);

  // PGlite: the backup without a server and --force, meanwhile, on folders of their own.
  const offline = source.dataDir ? offlineBackupThenForce(source, backups) : Promise.resolve();
  const restoreAndServe = async () => {
    // Into the empty target.
    const restored = await runBackupCli('restore', [file], target);
    expect(restored.code, restored.output).toBe(0);
    lap('restore');

    // Refused, exit 1, saying why: the target now holds a database; a backup of the other kind.
    const again = await restoreHere([file], target);
    expect(again.code, again.output).toBe(1);
    expect(again.output).toMatch(/is not empty/);
    expect(again.output).toMatch(/--force/);
    const otherKind = path.join(backups, source.databaseUrl ? 'other.tar.gz' : 'other.dump');
    writeFileSync(otherKind, source.databaseUrl ? gzipSync(Buffer.from('a PGlite tarball')) : 'PGDMP\u0001\u000e');
    const emptyPglite = { dataDir: tempDir('arrive-restore-empty-') };
    const elsewhere = source.databaseUrl ? emptyPglite : { databaseUrl: 'postgres://drill@127.0.0.1:1/none' };
    const thisFileElsewhere = await restoreHere([file], elsewhere);
    const otherFileHere = await restoreHere([otherKind], target);
    expect(thisFileElsewhere.code, thisFileElsewhere.output).toBe(1);
    expect(otherFileHere.code, otherFileHere.output).toBe(1);
    const pgliteIntoPostgres = /is a PGlite backup .* but DATABASE_URL names a PostgreSQL database/;
    const postgresIntoPglite = /is a PostgreSQL backup \(pg_dump\), but DATABASE_URL is unset/;
    expect(thisFileElsewhere.output).toMatch(source.databaseUrl ? postgresIntoPglite : pgliteIntoPostgres);
    expect(otherFileHere.output).toMatch(source.databaseUrl ? pgliteIntoPostgres : postgresIntoPglite);
    expect(existsSync(path.join(emptyPglite.dataDir, 'pglite')), 'a refused restore writes nothing').toBe(false);

    if (target.databaseUrl) {
      // --force over the database just restored: pg_restore --clean --if-exists.
      const forced = await runBackupCli('restore', [file, '--force'], target);
      expect(forced.code, forced.output).toBe(0);
      expect(forced.output).toMatch(/replacing what was there/);
    }
    lap('refusals and --force');

    // A server on the restored data: the backup's sessions still sign the clients in; it takes writes.
    const second = ServerProcess.start({ port: await freePort(), ...target });
    await second.waitHealthy(90_000);
    lap('start on restored');
    const listed = new Map<string, OrderSeen>();
    for (const person of people) {
      person.client.baseUrl = second.url;
      for (const [n, o] of await ordersListed(person.client)) listed.set(n, o);
    }
    const [person] = people;
    if (!person) throw new Error('no clients');
    const afterRestore = await person.client.send<{ orderNumber: string }>('POST', '/api/order/new', {
      type: 'Gas',
      items: [{ productId: gasId, quantity: 1, sizeKg: 12.5 }],
      deliveryOption: 'PickerUP',
    });
    expect(afterRestore.status, JSON.stringify(afterRestore.body)).toBe(201);
    expect(await second.stop(), second.log()).toEqual({ code: 0, signal: null });

    // Confirmed in the very millisecond the backup was started is confirmed before it: the load's
    // answer and the start are one after the other on this process, and the snapshot comes later.
    const mustBeThere = load.placed.filter((o) => o.confirmedAt <= backupStartedAt);
    const mustNotBeThere = load.placed.filter((o) => o.sentAt > backupEndedAt);
    expect(mustBeThere.length).toBeGreaterThanOrEqual(BEFORE);
    expect(mustNotBeThere.length).toBeGreaterThanOrEqual(AFTER);
    expect(
      mustBeThere.filter((o) => !listed.has(o.orderNumber)).map((o) => o.orderNumber),
      'lost',
    ).toEqual([]);
    expect(
      mustNotBeThere.filter((o) => listed.has(o.orderNumber)).map((o) => o.orderNumber),
      'written after the backup',
    ).toEqual([]);
    // Wallet payments confirmed before the backup are there; those asked for after it are not.
    for (const p of load.paid.filter((x) => x.confirmedAt <= backupStartedAt)) {
      expect(listed.get(p.orderNumber), p.orderNumber).toMatchObject({ status: 'Paid', paymentType: 'Wallet' });
    }
    for (const p of load.paid.filter((x) => x.sentAt > backupEndedAt)) {
      expect(listed.get(p.orderNumber)?.paymentType ?? null, p.orderNumber).not.toBe('Wallet');
    }

    const reconcile = await runReconcileCli(target);
    expect(reconcile.code, reconcile.output).toBe(0);
    expect(reconcile.output).toContain('Every balance equals');
    lap('checks and reconcile');
    console.info(
      `backup-restore (${label}): ${load.placed.length} orders and ${load.paid.length} wallet payments confirmed, ` +
        `${mustBeThere.length} before the backup, ${duringBackup} while it ran, ${mustNotBeThere.length} after; ` +
        `${listed.size} listed after the restore; ${timings.join(', ')}`,
    );
  };
  for (const settled of await Promise.allSettled([restoreAndServe(), offline])) {
    if (settled.status === 'rejected') throw settled.reason;
  }
}

describe('the restore drill: backed up under write load, restored, served', () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on PGlite: the running server hands over its snapshot; the restore into an empty DATA_DIR keeps what was confirmed before it',
    async () => {
      await drill({ dataDir: tempDir('arrive-backup-src-') }, { dataDir: tempDir('arrive-backup-dst-') }, 'PGlite');
    },
    240_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: pg_dump while the server writes; pg_restore into an empty database keeps what was confirmed before it',
    async () => {
      const serverUrl = process.env.TEST_DATABASE_URL as string;
      const source = await createFreshDatabase(serverUrl, 'arrive_backup_src');
      cleanups.push(source.drop);
      const target = await createFreshDatabase(serverUrl, 'arrive_backup_dst');
      cleanups.push(target.drop);
      await drill({ databaseUrl: source.url }, { databaseUrl: target.url }, 'PostgreSQL');
    },
    240_000,
  );
});

describe('the daily backup', () => {
  it('runs at BACKUP_AT, Lagos time (UTC+1), the next such moment', () => {
    expect(nextBackupAt(new Date('2025-03-01T01:00:00Z'), '02:30').toISOString()).toBe('2025-03-01T01:30:00.000Z');
    expect(nextBackupAt(new Date('2025-03-01T01:30:00Z'), '02:30').toISOString()).toBe('2025-03-02T01:30:00.000Z');
    // 23:30 UTC is already 00:30 the next day in Lagos.
    expect(nextBackupAt(new Date('2025-03-01T23:30:00Z'), '02:30').toISOString()).toBe('2025-03-02T01:30:00.000Z');
    expect(nextBackupAt(new Date('2025-03-01T22:59:00Z'), '00:00').toISOString()).toBe('2025-03-01T23:00:00.000Z');
    expect(backupFileName('pglite', new Date('2025-03-01T01:30:00Z'))).toBe('arrive-pglite-20250301-023000.tar.gz');
  });

  it('deletes its own backups past BACKUP_KEEP_DAYS, never the newest and never other files', async () => {
    const dir = tempDir('arrive-prune-');
    const now = new Date('2025-03-20T01:30:00Z');
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 60 * 60 * 1000);
    const names = [1, 13, 15, 30].map((d) => backupFileName('postgres', daysAgo(d)));
    for (const name of names) {
      writeFileSync(path.join(dir, name), 'x');
      writeFileSync(path.join(dir, `${name}.json`), '{}');
    }
    writeFileSync(path.join(dir, 'notes.txt'), 'keep');
    writeFileSync(path.join(dir, 'arrive-pglite-20200101-000000.tar.gz.bak'), 'keep');
    const crashed = path.join(dir, `.${names[0]}.tmp-123-abcdef`);
    writeFileSync(crashed, 'half');
    utimesSync(crashed, daysAgo(2), daysAgo(2));

    const deleted = await pruneBackups(dir, 14, now);
    expect(deleted.sort()).toEqual([names[2], names[3], path.basename(crashed)].sort());
    expect(readdirSync(dir).sort()).toEqual(
      [
        names[0],
        `${names[0]}.json`,
        names[1],
        `${names[1]}.json`,
        'notes.txt',
        'arrive-pglite-20200101-000000.tar.gz.bak',
      ].sort(),
    );

    // Only old backups: the newest stays.
    const old = tempDir('arrive-prune-old-');
    const oldNames = [40, 50].map((d) => backupFileName('pglite', daysAgo(d)));
    for (const name of oldNames) writeFileSync(path.join(old, name), 'x');
    expect(await pruneBackups(old, 14, now)).toEqual([oldNames[1]]);
    expect(readdirSync(old)).toEqual([oldNames[0]]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, of two instances waking at once one writes the backup (the advisory lock)',
    async () => {
      const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL as string, 'arrive_backup_lock');
      cleanups.push(fresh.drop);
      const dir = tempDir('arrive-daily-');
      const log = { info: () => {}, warn: () => {}, error: () => {} };
      const instances = await Promise.all([openDatabase({ url: fresh.url }), openDatabase({ url: fresh.url })]);
      const [a, b] = instances;
      if (!a || !b) throw new Error('no databases');
      await a.migrate();
      const options = { databaseUrl: fresh.url, dir, keepDays: 14, at: '02:30', log };
      const schedules = [
        scheduleDailyBackup({ ...options, database: a }),
        scheduleDailyBackup({ ...options, database: b }),
      ];
      try {
        const slot = new Date();
        const written = await Promise.all(schedules.map((s) => s.runNow(slot)));
        expect(written.filter(Boolean)).toHaveLength(1);
        const file = written.find(Boolean) as string;
        expect(await backupKindOf(file)).toBe('postgres');
        expect(await readBackupMeta(file)).toMatchObject({
          kind: 'postgres',
          migration: expect.stringMatching(/^\d{4}_/),
        });
        expect(readdirSync(dir).sort()).toEqual([
          backupFileName('postgres', slot),
          `${backupFileName('postgres', slot)}.json`,
        ]);
        // Still within the lock's minute: a late instance finds it taken.
        expect(await schedules[1]?.runNow(slot)).toBeNull();
      } finally {
        await Promise.all(schedules.map((s) => s.stop()));
        await Promise.all(instances.map((d) => d.close()));
      }
    },
    60_000,
  );
});
