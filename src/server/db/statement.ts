import { getTableColumns, is, SQL, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * What drizzle keeps of a built statement (its prepared query, on both drivers): the SQL text,
 * the parameters with their placeholders, and how to map the rows back. These are drizzle's own
 * fields (0.45, pinned by the lock file), not its documented API: `statement.test.ts` runs on both
 * drivers and fails if an upgrade moves them.
 */
type Built = {
  queryString: string;
  params: unknown[];
  fields?: unknown;
  joinsNotNullableMap?: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
};

/** A value given when a statement runs (`run(db, { name: … })`): `sql.placeholder`, shorter. */
export const value = (name: string) => sql.placeholder(name);

/**
 * An array of a batch (`= any(…)`, `unnest(…)`) that every plan of its prepared statement sizes
 * alike. Given the array itself, a custom plan counts its elements, comes out cheaper than the
 * generic plan (which assumes ten) whenever batches are small, and so is planned anew on every
 * execution: on the embedded database planning also asks the file system for each relation's size.
 * Read from a scalar subquery, the array is sized the same in both plans, and PostgreSQL keeps the
 * generic plan after the first five executions. An index still answers `= any(…)` of it. (The
 * cast outside keeps `any(…)` from taking the subquery as the set to compare with.)
 */
export const batchArray = (name: string, type: 'uuid' | 'text' | 'int' | 'bigint' | 'double precision') =>
  sql`(select ${sql.placeholder(name)}::${sql.raw(type)}[])::${sql.raw(type)}[]`;

/** A time written into the query when it was built (a Date, or drizzle's text of one). */
function isFixedTime(param: unknown): boolean {
  const value = param !== null && typeof param === 'object' && 'value' in param ? param.value : param;
  return value instanceof Date || (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value));
}

type Executable<R> = { execute(values?: Record<string, unknown>): Promise<R> };
type Preparable<R> = { prepare(name: string): Executable<R> };
type Session = {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string,
    isResponseInArrayMode: boolean,
    customResultMapper?: unknown,
  ): Executable<unknown> & { joinsNotNullableMap?: unknown };
};

/**
 * A statement of a hot path whose SQL is built once and reused, on the database or on whichever
 * transaction it is given. Drizzle builds a query's text on every call: walking its columns and
 * checking each part's kind is a large share of the server's CPU on the write paths.
 * Here the query is built on first use with `sql.placeholder(…)` for every
 * value, and each call only fills the placeholders and sends it; on PostgreSQL it is also a named
 * prepared statement, parsed once per connection. `name` must be unique in the program.
 *
 * A value written into the query when it is built would be sent on every call: an update must
 * set `updatedAt` from a placeholder itself (drizzle's `$onUpdate` runs when the query is built),
 * and a statement whose built parameters hold a date is refused, as that is always such a value.
 *
 *   const byId = statement('order_by_id', (db) => db.select().from(orders).where(eq(orders.id, sql.placeholder('id'))));
 *   const [row] = await byId.run(tx, { id });
 */
export function statement<R>(name: string, build: (db: DbOrTx) => Preparable<R>) {
  let built: Built | null = null;
  return {
    name,
    async run(db: DbOrTx, values: Record<string, unknown> = {}): Promise<R> {
      const session = (db as unknown as { session: Session }).session;
      if (!built) {
        const fresh = build(db).prepare(name) as unknown as Built;
        if (fresh.params.some(isFixedTime)) {
          throw new Error(`statement ${name}: a date was fixed when it was built; pass it as a placeholder`);
        }
        built = fresh;
      }
      const query = session.prepareQuery(
        { sql: built.queryString, params: built.params },
        built.fields,
        name,
        built._isResponseInArrayMode,
        built.customResultMapper,
      );
      if (built.joinsNotNullableMap) query.joinsNotNullableMap = built.joinsNotNullableMap;
      return (await query.execute(values)) as R;
    },
  };
}

/**
 * `statement` for SQL written out (a data-modifying CTE, say): built once, its rows answered as
 * PostgreSQL names them (snake_case, timestamps as text), for the caller to map. Answer a table's
 * rows as one JSON column (`select row_to_json(t) as row from t`), not `select *`: a prepared
 * statement whose columns change under it (a migration adding one, while an older instance still
 * runs) fails with "cached plan must not change result type"; a JSON column stays a JSON column.
 */
export function rawStatement<Row extends Record<string, unknown>>(name: string, text: SQL) {
  let query: { sql: string; params: unknown[] } | null = null;
  return {
    name,
    async run(db: DbOrTx, values: Record<string, unknown> = {}): Promise<Row[]> {
      const session = (db as unknown as { session: Session }).session;
      if (!query) {
        if (!is(text, SQL)) throw new Error(`${name}: not an SQL template`);
        query = session.dialect.sqlToQuery(text);
      }
      const result = (await session.prepareQuery(query, undefined, name, false).execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}

/**
 * Maps rows of `table` as PostgreSQL answers them (`row_to_json` of a `returning *`, or its
 * columns) to what drizzle's own queries answer: property names, dates, numbers.
 */
export function rowMapper<T extends Table>(table: T): (raw: Record<string, unknown>) => T['$inferSelect'] {
  const columns = Object.entries(getTableColumns(table));
  return (raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  };
}
