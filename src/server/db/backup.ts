// Backups that restore: one file per backup, of whichever database the configuration names.
// - PGlite: a gzip tarball of its data directory taken between two transactions
//   (Database.snapshot), the format `PGlite.create({ loadDataDir })` reads back. While a server
//   runs on DATA_DIR it alone may read the files, so a backup asks it through its operator socket
//   (operator-socket.ts); with no server the backup opens the folder itself.
// - PostgreSQL: `pg_dump --format=custom`, one consistent snapshot of the database however busy it
//   is, which `pg_restore` reads back.
// Next to each file a sidecar FILE.json says what it holds: kind, when it was taken, the last
// migration applied, size and SHA-256. Both are written under a temporary name and renamed once
// complete, the file before its sidecar, so no crash leaves a half backup under a final name.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, openAsBlob, readdirSync } from 'node:fs';
import { chmod, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type DbOrTx, migrationsFolder, openDatabase, pgliteDirOf } from './client';
import { DataDirClaim, DataDirInUse, describeOwner, operatorSocketPath } from './operator-socket';

export type BackupKind = 'pglite' | 'postgres';

/** The sidecar (FILE.json) of a backup. */
export type BackupMeta = {
  format: 'arrive-backup';
  version: 1;
  kind: BackupKind;
  /** When the backup started: it holds every transaction committed before this. */
  takenAt: string;
  /** The last migration applied to the database it was taken from (its tag), when known. */
  migration: string | null;
  bytes: number;
  sha256: string;
  /** What wrote it: PGlite's dumpDataDir or pg_dump with its version. */
  tool: string;
};

/** A refusal or failure to tell the operator as it is (the commands print the message and exit 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

const KIND_LABEL: Record<BackupKind, string> = {
  pglite: 'a PGlite backup (a copy of a DATA_DIR database)',
  postgres: 'a PostgreSQL backup (pg_dump)',
};

const EXTENSION: Record<BackupKind, string> = { pglite: 'tar.gz', postgres: 'dump' };
/** The names the daily backup gives its files (and the only files its clean-up ever deletes). */
const BACKUP_NAME = /^arrive-(pglite|postgres)-(\d{8})-(\d{6})\.(tar\.gz|dump)$/;
/** Lagos is UTC+1 all year, so its wall clock is a fixed offset. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** yyyymmdd-hhmmss in Lagos time. */
function lagosStamp(at: Date): string {
  const iso = new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

/** arrive-<kind>-<yyyymmdd>-<hhmmss Lagos time>.<tar.gz|dump>: sorts by time. */
export function backupFileName(kind: BackupKind, at: Date): string {
  return `arrive-${kind}-${lagosStamp(at)}.${EXTENSION[kind]}`;
}

/** The instant a backup file name stands for, or null for any other name. */
export function backupTimeOf(fileName: string): Date | null {
  const m = BACKUP_NAME.exec(fileName);
  if (!m?.[2] || !m[3]) return null;
  const [d, t] = [m[2], m[3]];
  const utc = Date.UTC(+d.slice(0, 4), +d.slice(4, 6) - 1, +d.slice(6, 8), +t.slice(0, 2), +t.slice(2, 4), +t.slice(4));
  return new Date(utc - LAGOS_OFFSET_MS);
}

/** The next instant after `now` when Lagos clocks show `at` (HH:MM). */
export function nextBackupAt(now: Date, at: string): Date {
  const [hh = 0, mm = 0] = at.split(':').map(Number);
  const lagosDayStart = Math.floor((now.getTime() + LAGOS_OFFSET_MS) / DAY_MS) * DAY_MS;
  let next = lagosDayStart + (hh * 60 + mm) * 60_000 - LAGOS_OFFSET_MS;
  if (next <= now.getTime()) next += DAY_MS;
  return new Date(next);
}

/** The tag of the last migration applied (meta/_journal.json), null on a database without any. */
export async function lastMigrationOf(db: DbOrTx): Promise<string | null> {
  let when: number;
  try {
    const { rows } = await db.execute<{ created_at: string | null }>(
      sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
    );
    if (!rows[0]?.created_at) return null;
    when = Number(rows[0].created_at);
  } catch {
    return null;
  }
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return journal.entries.find((e) => e.when === when)?.tag ?? `unknown to this version (${when})`;
}

/** Its kind, read from its first bytes: gzip (PGlite's tarball) or PGDMP (pg_dump's custom format). */
export async function backupKindOf(file: string): Promise<BackupKind | null> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await handle.read(head, 0, 5, 0);
    if (bytesRead >= 5 && head.toString('latin1') === 'PGDMP') return 'postgres';
    if (bytesRead >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
    return null;
  } finally {
    await handle.close();
  }
}

async function sha256Of(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Flushes a file (or folder) to disk; a platform that cannot sync a folder is left as it is. */
async function syncPath(target: string, flags = 'r'): Promise<void> {
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    handle = await open(target, flags);
    await handle.sync();
  } catch {
    // Windows cannot open a folder; the rename is then as durable as the platform makes it.
  } finally {
    await handle?.close();
  }
}

const tempNameOf = (file: string) =>
  path.join(path.dirname(file), `.${path.basename(file)}.tmp-${process.pid}-${randomBytes(3).toString('hex')}`);

/** Writes `file` through `write(tmp)` under a temporary name in the same folder, then renames it. */
async function writeAtomically(file: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = tempNameOf(file);
  try {
    await write(tmp);
    // A backup holds every client's data: readable by its owner alone, like DATA_DIR.
    if (process.platform !== 'win32') await chmod(tmp, 0o600);
    await syncPath(tmp, 'r+');
    await rename(tmp, file);
    await syncPath(path.dirname(file));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

type Taken = { takenAt: Date; migration: string | null; tool: string };

/**
 * Writes one backup: `produce` writes the backup's bytes to the temporary path it is given; then
 * the file takes its name and the sidecar follows. Refuses to write over an existing file.
 */
async function writeBackupFile(
  file: string,
  kind: BackupKind,
  produce: (tmp: string) => Promise<Taken>,
): Promise<BackupMeta> {
  if (existsSync(file)) throw new BackupError(`${file} already exists: choose another name or move it away first`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`the folder ${path.dirname(file)} does not exist`);
  let taken: Taken | null = null;
  await writeAtomically(file, async (tmp) => {
    taken = await produce(tmp);
  });
  const { takenAt, migration, tool } = taken as unknown as Taken;
  const meta: BackupMeta = {
    format: 'arrive-backup',
    version: 1,
    kind,
    takenAt: takenAt.toISOString(),
    migration,
    ...(await sha256Of(file)),
    tool,
  };
  await writeAtomically(`${file}.json`, (tmp) => writeFile(tmp, `${JSON.stringify(meta, null, 2)}\n`));
  return meta;
}

/** The sidecar of a backup, or null when there is none; refuses one whose checksum the file does not match. */
export async function readBackupMeta(file: string): Promise<BackupMeta | null> {
  const sidecar = `${file}.json`;
  if (!existsSync(sidecar)) return null;
  let meta: BackupMeta;
  try {
    meta = JSON.parse(await readFile(sidecar, 'utf8')) as BackupMeta;
  } catch {
    throw new BackupError(`${sidecar} is not readable JSON: move it away to restore without it`);
  }
  if (meta.format !== 'arrive-backup') throw new BackupError(`${sidecar} is not the sidecar of a backup`);
  const actual = await sha256Of(file);
  if (actual.sha256 !== meta.sha256) {
    throw new BackupError(
      `${file} does not match the checksum in ${sidecar} (${actual.bytes} bytes, ${meta.bytes} expected): the file is damaged or not the one the sidecar describes`,
    );
  }
  return meta;
}

// ---------------------------------------------------------------------------------------------
// PGlite

/** A snapshot of an open PGlite database, written to `tmp`. */
async function pgliteSnapshotTo(database: Database, tmp: string): Promise<Taken> {
  if (!database.snapshot) throw new BackupError('this database cannot take a snapshot');
  const migration = await lastMigrationOf(database.db);
  const takenAt = new Date();
  const blob = await database.snapshot();
  await pipeline(Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream), createWriteStream(tmp));
  return { takenAt, migration, tool: 'PGlite dumpDataDir' };
}

/** A backup of a database this process has open (the server's daily backup, or a command's). */
export async function backupOpenDatabase(database: Database, file: string, url?: string): Promise<BackupMeta> {
  if (database.kind === 'pglite') return writeBackupFile(file, 'pglite', (tmp) => pgliteSnapshotTo(database, tmp));
  if (!url) throw new BackupError('a PostgreSQL backup needs the database URL');
  return backupPostgres(url, file, database.db);
}

/**
 * What the server answers on its operator socket: POST /backup streams a snapshot, with the
 * migration and the time in headers. One at a time; others wait their turn.
 */
export function snapshotServer(database: Database) {
  let queue: Promise<unknown> = Promise.resolve();
  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'unknown operator request' }));
      return;
    }
    const turn = queue.then(async () => {
      const migration = await lastMigrationOf(database.db);
      const takenAt = new Date();
      if (!database.snapshot) throw new Error('this database cannot take a snapshot');
      const blob = await database.snapshot();
      res.writeHead(200, {
        'content-type': 'application/gzip',
        'content-length': String(blob.size),
        'x-arrive-taken-at': takenAt.toISOString(),
        'x-arrive-migration': migration ?? '',
      });
      await pipeline(Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream), res);
    });
    queue = turn.catch(() => {});
    await turn;
  };
}

/** Asks the server holding DATA_DIR for a snapshot through its socket and writes it to `tmp`. */
function snapshotFromServer(socketPath: string, tmp: string): Promise<Taken> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: '/backup', method: 'POST' }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => {
          let message = body;
          try {
            message = (JSON.parse(body) as { message?: string }).message ?? body;
          } catch {}
          reject(new BackupError(`the server refused the snapshot (${res.statusCode}): ${message}`));
        });
        return;
      }
      const expected = Number(res.headers['content-length']);
      let received = 0;
      res.on('data', (c: Buffer) => {
        received += c.length;
      });
      pipeline(res, createWriteStream(tmp)).then(() => {
        if (Number.isFinite(expected) && received !== expected) {
          reject(new BackupError(`the snapshot was cut off after ${received} of ${expected} bytes`));
          return;
        }
        const migration = res.headers['x-arrive-migration'];
        resolve({
          takenAt: new Date(String(res.headers['x-arrive-taken-at'] ?? Date.now())),
          migration: typeof migration === 'string' && migration ? migration : null,
          tool: 'PGlite dumpDataDir (from the running server)',
        });
      }, reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A backup of the PGlite database in DATA_DIR: from the server running on it, through its socket;
 * with none, by opening the folder (held meanwhile so no server starts on it).
 */
export async function backupPglite(dataDir: string, file: string): Promise<BackupMeta & { via: 'server' | 'files' }> {
  const folder = pgliteDirOf(dataDir);
  if (!existsSync(path.join(folder, 'PG_VERSION'))) {
    throw new BackupError(`there is no PGlite database in ${folder} (DATA_DIR=${dataDir}): nothing to back up`);
  }
  let claim: DataDirClaim | null = null;
  try {
    claim = await DataDirClaim.take(dataDir, 'backup');
  } catch (err) {
    if (!(err instanceof DataDirInUse)) throw err;
    if (err.owner?.role !== 'server' && err.owner) {
      throw new BackupError(`${describeOwner(err.owner)} is using ${folder}: try again when it has finished`);
    }
    const meta = await writeBackupFile(file, 'pglite', (tmp) => snapshotFromServer(operatorSocketPath(dataDir), tmp));
    return { ...meta, via: 'server' };
  }
  try {
    const database = await openDatabase({ dataDir });
    try {
      const meta = await writeBackupFile(file, 'pglite', (tmp) => pgliteSnapshotTo(database, tmp));
      return { ...meta, via: 'files' };
    } finally {
      await database.close();
    }
  } finally {
    await claim.release();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL (pg_dump, pg_restore)

/** The URL for libpq without its password, which goes in PGPASSWORD (never on a command line others can list). */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) {
    env.PGPASSWORD = decodeURIComponent(u.password);
    u.password = '';
  }
  return { dbname: u.toString(), env };
}

/** Runs a PostgreSQL client tool; answers its stdout, or throws its stderr. */
function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    child.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') {
        reject(
          new BackupError(
            `${tool} was not found on PATH: install the PostgreSQL client tools of the server's major version or newer (on Debian or Ubuntu: apt install postgresql-client-15, or the version your server runs)`,
          ),
        );
      } else reject(e);
    });
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(out);
      else reject(new BackupError(`${tool} failed (${signal ?? `exit ${code}`}):\n${err.trim()}`));
    });
  });
}

/**
 * `pg_dump --format=custom` of the database at `url`: one snapshot of it, taken in a transaction
 * of its own, whatever the servers write meanwhile.
 */
export async function backupPostgres(url: string, file: string, db?: DbOrTx): Promise<BackupMeta> {
  const { dbname, env } = libpqTarget(url);
  const version = (await runTool('pg_dump', ['--version'], env)).trim();
  let migration: string | null;
  if (db) migration = await lastMigrationOf(db);
  else {
    const database = await openDatabase({ url, poolSize: 1 });
    try {
      migration = await lastMigrationOf(database.db);
    } finally {
      await database.close();
    }
  }
  return writeBackupFile(file, 'postgres', async (tmp) => {
    const takenAt = new Date();
    await runTool('pg_dump', ['--format=custom', '--no-password', `--file=${tmp}`, `--dbname=${dbname}`], env);
    return { takenAt, migration, tool: version };
  });
}

// ---------------------------------------------------------------------------------------------
// Restore

export type RestoreResult = {
  kind: BackupKind;
  meta: BackupMeta | null;
  /** Where the database that was replaced (--force) now is, on PGlite. */
  movedAside: string | null;
  /** Whether the target held a database that the restore replaced. */
  replaced: boolean;
};

/** The kind of the file, and its sidecar when there is one (checked against the file). */
async function inspect(file: string): Promise<{ kind: BackupKind; meta: BackupMeta | null }> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  if (!(await stat(file)).isFile()) throw new BackupError(`${file} is not a file`);
  const kind = await backupKindOf(file);
  if (!kind) {
    throw new BackupError(
      `${file} is neither a PGlite backup (gzip) nor a PostgreSQL one (pg_dump's custom format): not a backup this tool made`,
    );
  }
  const meta = await readBackupMeta(file);
  if (meta && meta.kind !== kind) {
    throw new BackupError(
      `${file} is ${KIND_LABEL[kind]}, but its sidecar says ${meta.kind}: the pair does not belong together`,
    );
  }
  return { kind, meta };
}

/**
 * Restores `file` into the database the configuration names: PostgreSQL when `databaseUrl` is
 * set, otherwise PGlite in DATA_DIR. Refuses a file of the other kind, and a target that holds a
 * database unless `force` (PGlite: the old folder is moved aside; PostgreSQL: pg_restore --clean).
 */
export async function restoreBackup(options: {
  file: string;
  force: boolean;
  databaseUrl?: string;
  dataDir: string;
}): Promise<RestoreResult> {
  const { kind, meta } = await inspect(options.file);
  const target: BackupKind = options.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new BackupError(
      kind === 'pglite'
        ? `${options.file} is ${KIND_LABEL.pglite}, but DATABASE_URL names a PostgreSQL database: restore it with DATABASE_URL unset, into DATA_DIR.`
        : `${options.file} is ${KIND_LABEL.postgres}, but DATABASE_URL is unset, which means PGlite in DATA_DIR (${options.dataDir}): set DATABASE_URL to the empty PostgreSQL database to restore it into.`,
    );
  }
  if (kind === 'pglite') return { kind, meta, ...(await restorePglite(options.file, options.dataDir, options.force)) };
  return {
    kind,
    meta,
    movedAside: null,
    ...(await restorePostgres(options.file, options.databaseUrl as string, options.force)),
  };
}

async function restorePglite(
  file: string,
  dataDir: string,
  force: boolean,
): Promise<{ movedAside: string | null; replaced: boolean }> {
  const folder = pgliteDirOf(dataDir);
  let claim: DataDirClaim;
  try {
    claim = await DataDirClaim.take(dataDir, 'restore');
  } catch (err) {
    if (err instanceof DataDirInUse) {
      throw new BackupError(`${describeOwner(err.owner)} has the database in ${folder} open: stop it before restoring`);
    }
    throw err;
  }
  try {
    const occupied = existsSync(folder) && readdirSync(folder).length > 0;
    if (occupied && !force) {
      throw new BackupError(
        `${folder} is not empty: it holds a database. Restore into an empty DATA_DIR, or pass --force to replace it (the old folder is kept next to it, renamed).`,
      );
    }
    const stamp = lagosStamp(new Date());
    const staging = `${folder}.restoring-${stamp}`;
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    try {
      const restored = await PGlite.create({ dataDir: staging, loadDataDir: await openAsBlob(file) });
      try {
        // A database that opens and answers: the tarball was a PGlite data directory.
        await restored.query('select count(*) from pg_class');
      } finally {
        await restored.close();
      }
    } catch (err) {
      await rm(staging, { recursive: true, force: true });
      throw new BackupError(
        `${file} did not open as a PGlite database: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    let movedAside: string | null = null;
    if (occupied) {
      movedAside = `${folder}.before-restore-${stamp}`;
      await rename(folder, movedAside);
    } else await rm(folder, { recursive: true, force: true });
    await rename(staging, folder);
    await syncPath(path.dirname(folder));
    return { movedAside, replaced: occupied };
  } finally {
    await claim.release();
  }
}

async function restorePostgres(file: string, url: string, force: boolean): Promise<{ replaced: boolean }> {
  const { dbname, env } = libpqTarget(url);
  await runTool('pg_restore', ['--version'], env);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  let objects: number;
  try {
    const others = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const connected = others.rows[0]?.n ?? 0;
    if (connected > 0) {
      throw new BackupError(
        `${connected} other connection(s) to the database are open (a server still running?): stop them before restoring`,
      );
    }
    const found = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'
          and n.nspname not like 'pg\\_temp%'`,
    );
    objects = found.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
  if (objects > 0 && !force) {
    throw new BackupError(
      `the database ${new URL(url).pathname.slice(1)} is not empty (${objects} tables, indexes or sequences): restore into an empty database, or pass --force to replace what the backup holds (pg_restore --clean --if-exists)`,
    );
  }
  // One transaction: a restore that fails part-way leaves the database as it was.
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--no-password'];
  if (objects > 0) args.push('--clean', '--if-exists');
  await runTool('pg_restore', [...args, `--dbname=${dbname}`, file], env);
  return { replaced: objects > 0 };
}

// ---------------------------------------------------------------------------------------------
// Retention

/**
 * Deletes the backups in `dir` (by their names: arrive-<kind>-<time>, and their sidecars) taken
 * more than `keepDays` days before `now`, never the newest one, never any other file; and
 * temporary files a crashed write left more than a day ago. Answers the names deleted.
 */
/** When the newest backup in `dir` was written (its file's time), null when there is none. */
export async function newestBackupAt(dir: string): Promise<Date | null> {
  const names = readdirSync(dir).filter((name) => backupTimeOf(name) !== null);
  let newest: Date | null = null;
  for (const name of names) {
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && (!newest || info.mtime > newest)) newest = info.mtime;
  }
  return newest;
}

export async function pruneBackups(dir: string, keepDays: number, now = new Date()): Promise<string[]> {
  const names = readdirSync(dir);
  const backups = names
    .map((name) => ({ name, at: backupTimeOf(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const deleted: string[] = [];
  for (const backup of backups.slice(1)) {
    if (backup.at.getTime() >= cutoff) continue;
    await rm(path.join(dir, backup.name), { force: true });
    await rm(path.join(dir, `${backup.name}.json`), { force: true });
    deleted.push(backup.name);
  }
  for (const name of names) {
    if (!/^\.arrive-.+\.tmp-\d+-[0-9a-f]{6}$/.test(name)) continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (info && now.getTime() - info.mtimeMs > DAY_MS) {
      await rm(path.join(dir, name), { force: true });
      deleted.push(name);
    }
  }
  return deleted;
}
