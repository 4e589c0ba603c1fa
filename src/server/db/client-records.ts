import { desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './client';

/**
 * One client's rows of a table (by its `client_id`), newest first by the `newest` column, with
 * only the columns `fields` names: how an area hands a client's data to the export, where a column
 * left out (a token hash, a rider's phone) is one the client must never be given.
 */
export async function clientRecords<Fields extends SelectedFields>(
  db: DbOrTx,
  table: PgTable & { clientId: PgColumn },
  clientId: string,
  newest: PgColumn,
  fields: Fields,
) {
  const rows = await db.select(fields).from(table).where(eq(table.clientId, clientId)).orderBy(desc(newest));
  // drizzle cannot work out the row type for a table it does not know yet; the caller's is this.
  return rows as SelectResult<Fields, 'partial', Record<string, 'not-null'>>[];
}
