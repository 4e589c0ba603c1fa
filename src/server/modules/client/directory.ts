import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type ClientRow, clients } from './tables';

// Client directory: who a client is (name and phone), for the modules that show people by id.

export type ClientName = Pick<ClientRow, 'id' | 'firstname' | 'lastname' | 'phoneLocal'>;

/** The named clients among `ids` (one query, whatever the count), by id. */
export async function findClientsByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, ClientName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: clients.id,
      firstname: clients.firstname,
      lastname: clients.lastname,
      phoneLocal: clients.phoneLocal,
    })
    .from(clients)
    .where(inArray(clients.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
