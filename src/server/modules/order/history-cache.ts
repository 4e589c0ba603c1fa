import { sql } from 'drizzle-orm';
import type { ClientOrderListQuery } from '../../../domain/schemas/order';
import type { DbOrTx } from '../../db/client';
import { batchArray, rawStatement } from '../../db/statement';
import { versionReader } from '../../db/version-reader';
import { centerNamesMark } from '../centers';
import { clientOrderPageJson } from './service';

/** What the history's pages may hold in memory, in characters of JSON (about as many bytes). */
export const HISTORY_CACHE_CHARS = 32 * 1024 * 1024;

/** The history versions of these clients (migration 0017): a primary-key read; none before a first order. */
const historyVersions = rawStatement<{ key: string; version: string }>(
  'order_history_versions',
  sql`select client_id::text as key, version::text as version from order_history_versions
      where client_id = any(${batchArray('clientIds', 'uuid')})`,
);

type Entry = { version: bigint; pages: Map<string, string>; chars: number };

/** Room a kept page takes beyond its text: its key, the map's slot. */
const OVERHEAD = 128;

/**
 * The order history's cursor pages kept in memory, per client, as the JSON text sent.
 *
 * A page is answered from memory only when the client's history version, read from the database
 * for every request (versionReader), is the one it was read at. The version changes in the same
 * transaction as any write to the client's orders that the history shows (a trigger, migration
 * 0017), whichever instance, job or tool wrote it: a page is never older than the request that
 * reads it, and no instance needs to hear of another's writes. A request costs its share of one
 * primary-key read instead of the page's query, whose cost grows with the page and the client's
 * history. Least recently used clients leave first when the pages outgrow `maxChars`.
 */
export function historyPages(db: DbOrTx, options: { maxChars?: number } = {}) {
  const maxChars = options.maxChars ?? HISTORY_CACHE_CHARS;
  const versionOf = versionReader((clientIds) => historyVersions.run(db, { clientIds }));
  const clients = new Map<string, Entry>();
  let chars = 0;

  const sizeOf = (key: string, body: string) => body.length + key.length + OVERHEAD;
  // Most recently used last: delete and set again.
  const touch = (clientId: string, entry: Entry) => {
    clients.delete(clientId);
    clients.set(clientId, entry);
  };
  const drop = (clientId: string) => {
    const entry = clients.get(clientId);
    if (!entry) return;
    chars -= entry.chars;
    clients.delete(clientId);
  };

  const keep = (clientId: string, version: bigint, key: string, body: string) => {
    const size = sizeOf(key, body);
    if (size > maxChars) return;
    let entry = clients.get(clientId);
    // Two reads may finish out of order: a page read at an older version is not kept over newer.
    if (entry && entry.version > version) return;
    if (entry && entry.version < version) {
      drop(clientId);
      entry = undefined;
    }
    entry ??= { version, pages: new Map(), chars: 0 };
    touch(clientId, entry);
    const before = entry.pages.get(key);
    const grown = size - (before === undefined ? 0 : sizeOf(key, before));
    entry.pages.set(key, body);
    entry.chars += grown;
    chars += grown;
    for (const oldest of clients.keys()) {
      if (chars <= maxChars) break;
      drop(oldest);
    }
  };

  return {
    /** The page as the client's history is now: from memory when nothing changed since it was read. */
    async read(clientId: string, query: Omit<ClientOrderListQuery, 'page'>): Promise<string> {
      const key = `${query.pageSize} ${query.status ?? ''} ${query.cursor ?? ''} ${await centerNamesMark(db)}`;
      const entry = clients.get(clientId);
      if (entry) {
        const current = await versionOf(clientId);
        const body = current === entry.version ? entry.pages.get(key) : undefined;
        if (body !== undefined) {
          touch(clientId, entry);
          return body;
        }
        if (current !== entry.version) drop(clientId);
      }
      const page = await clientOrderPageJson(db, clientId, query);
      keep(clientId, BigInt(page.version), key, page.body);
      return page.body;
    },
    /** How much is kept (for tests). */
    size: () => ({ clients: clients.size, chars }),
  };
}
