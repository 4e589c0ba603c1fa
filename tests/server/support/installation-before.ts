// A database as an installation had it before a given migration: migrated up to the one before
// it with a copy of the migrations folder that stops there, so a test can fill it as that
// installation was and then migrate it as a server start does. PGlite, or a fresh database on
// TEST_DATABASE_URL's server.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type Database, migrationsFolder, openDatabase } from '../../../src/server/db/client';
import { createFreshDatabase } from '../../../src/server/test-utils/test-app';

type Journal = { entries: { idx: number; tag: string; when: number }[] };

/** A copy of the migrations folder that stops before `tag`. */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`${tag} is not in the journal`);
  const entries = journal.entries.slice(0, at);
  // drizzle reads meta/_journal.json, and each migration's <tag>.sql beside meta/.
  const dir = mkdtempSync(path.join(tmpdir(), `arrive-before-${tag}-`));
  mkdirSync(path.join(dir, 'meta'));
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  for (const entry of entries) {
    copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

export type InstallationBefore = {
  database: Database;
  /** The rows a statement answers. */
  rows<T extends Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  /** Every row of a table as JSON, without these columns, in a fixed order. */
  snapshot(table: string, without?: string[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

/** Opens a database migrated up to the migration before `tag`. */
export async function installationBefore(tag: string): Promise<InstallationBefore> {
  let url: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await createFreshDatabase(process.env.TEST_DATABASE_URL, 'arrive_migration');
    url = fresh.url;
    drop = fresh.drop;
  }
  const database = await openDatabase({ url });
  const folder = migrationsBefore(tag);
  if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await database.db.execute<T>(query)).rows as T[];
  return {
    database,
    rows,
    snapshot: (table, without = []) =>
      rows<{ row: Record<string, unknown> }>(
        sql.raw(
          `select to_jsonb(t) ${without.map((c) => `- '${c}'`).join(' ')} as row from "${table}" t order by t::text`,
        ),
      ).then((r) => r.map((x) => x.row)),
    async close() {
      await database.close();
      await drop?.();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
