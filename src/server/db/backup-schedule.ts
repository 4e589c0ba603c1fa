// The daily backup the server takes itself (BACKUP_DIR, BACKUP_AT, BACKUP_KEEP_DAYS): one file a
// day in BACKUP_DIR, named after the scheduled time, then the backups there older than the
// retention deleted. On PGlite the one process that owns DATA_DIR takes it. On PostgreSQL every
// instance wakes at the same time and the one that gets the advisory lock writes it; the lock is
// held a minute at least, so an instance whose clock runs a little behind finds it still taken, and
// a file already there for that time (a BACKUP_DIR the instances share) is not written twice.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { backupFileName, backupOpenDatabase, nextBackupAt, pruneBackups } from './backup';
import type { Database } from './client';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type DailyBackupOptions = {
  database: Database;
  /** The PostgreSQL URL (pg_dump and the advisory lock); unset on PGlite. */
  databaseUrl?: string;
  dir: string;
  keepDays: number;
  /** HH:MM, Lagos time. */
  at: string;
  log: Log;
  now?: () => Date;
};

/** The lock's two keys: a pair never collides with the one-key locks the services take. */
const LOCK_SQL = "select pg_try_advisory_lock(hashtext('arrive'), hashtext('daily-backup')) as got";
/** How long the instance that wrote the backup keeps the lock. */
const HOLD_LOCK_MS = 60_000;

export type DailyBackup = {
  /** Takes the backup of `slot` now (the timer calls it); answers the file written, or null when skipped. */
  runNow(slot?: Date): Promise<string | null>;
  /** Stops the timer, waits for a backup under way and lets the lock go. */
  stop(): Promise<void>;
};

export function scheduleDailyBackup(options: DailyBackupOptions): DailyBackup {
  const { database, databaseUrl, dir, keepDays, at, log } = options;
  mkdirSync(dir, { recursive: true });
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const heldLocks = new Set<{ client: pg.Client; timer: NodeJS.Timeout }>();

  const releaseLock = async (held: { client: pg.Client; timer: NodeJS.Timeout }) => {
    if (!heldLocks.delete(held)) return;
    clearTimeout(held.timer);
    // Closing the session lets the lock go.
    await held.client.end().catch(() => {});
  };

  /** PostgreSQL: the advisory lock on a connection of its own, or null when another instance has it. */
  const takeLock = async () => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => {});
    await client.connect();
    const { rows } = await client.query<{ got: boolean }>(LOCK_SQL);
    if (!rows[0]?.got) {
      await client.end();
      return null;
    }
    return { client, started: Date.now() };
  };

  const runNow = async (slot = now()): Promise<string | null> => {
    const file = path.join(dir, backupFileName(database.kind, slot));
    const lock = database.kind === 'postgres' ? await takeLock() : null;
    if (database.kind === 'postgres' && !lock) {
      log.info({ slot: slot.toISOString() }, 'daily backup: another instance is taking it');
      return null;
    }
    try {
      if (existsSync(file)) {
        log.info({ file }, 'daily backup: already written');
        return null;
      }
      const started = Date.now();
      const meta = await backupOpenDatabase(database, file, databaseUrl);
      const deleted = await pruneBackups(dir, keepDays, now());
      log.info(
        { file, bytes: meta.bytes, migration: meta.migration, ms: Date.now() - started, deleted },
        'daily backup written',
      );
      return file;
    } finally {
      if (lock) {
        const held = {
          client: lock.client,
          timer: setTimeout(() => void releaseLock(held), Math.max(0, HOLD_LOCK_MS - (Date.now() - lock.started))),
        };
        held.timer.unref();
        heldLocks.add(held);
      }
    }
  };

  const arm = (after: Date) => {
    if (stopped) return;
    const slot = nextBackupAt(after, at);
    timer = setTimeout(
      () => {
        running = runNow(slot)
          .catch((err: unknown) => log.error({ err, slot: slot.toISOString() }, 'the daily backup failed'))
          .finally(() => {
            running = null;
            // From the slot on, never before it: a timer that fires a little early runs the slot once.
            arm(new Date(Math.max(now().getTime(), slot.getTime())));
          });
      },
      Math.max(0, slot.getTime() - now().getTime()),
    );
    timer.unref();
  };
  arm(now());

  return {
    runNow,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await Promise.all([...heldLocks].map(releaseLock));
    },
  };
}
