import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/client';

export type TableSnapshot = Record<string, { rows: number; checksum: string }>;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  // node-postgres and PGlite both answer { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function listTables(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.table_name);
}

/** Row count and an order-independent checksum of every table's content, in one round trip. */
export async function snapshotTables(db: Db, exclude: readonly string[] = []): Promise<TableSnapshot> {
  const tables = (await listTables(db)).filter((t) => !exclude.includes(t));
  if (tables.length === 0) return {};
  const parts = tables.map((table) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`unexpected table name ${table}`);
    return `select '${table}' as name, count(*) as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum from "${table}" t`;
  });
  const rows = await rowsOf<{ name: string; rows: number | string; checksum: string | null }>(
    db,
    sql.raw(parts.join(' union all ')),
  );
  const out: TableSnapshot = {};
  for (const row of rows) out[row.name] = { rows: Number(row.rows), checksum: row.checksum ?? '' };
  return out;
}

/** The tables whose content differs between two snapshots. */
export function changedTables(before: TableSnapshot, after: TableSnapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n]?.checksum !== after[n]?.checksum || before[n]?.rows !== after[n]?.rows);
}

/** Every table with a client_id column, for harvesting the records a client owns. */
export async function tablesWithClientId(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ table_name: string }>(
    db,
    sql`select c.table_name from information_schema.columns c join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema where c.table_schema = 'public' and c.column_name = 'client_id' and t.table_type = 'BASE TABLE'`,
  );
  return rows.map((r) => r.table_name);
}

export async function rowsOwnedBy(db: Db, table: string, clientId: string): Promise<Record<string, unknown>[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`unexpected table name ${table}`);
  return rowsOf<Record<string, unknown>>(db, sql`select * from ${sql.identifier(table)} where client_id = ${clientId}`);
}
