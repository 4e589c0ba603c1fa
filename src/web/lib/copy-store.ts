// The device's saved copies (the history, an order, the cart, the staff's shift) in the local
// database, read and written with the browser's IndexedDB itself: a small module where Dexie is a
// large one and a long task to evaluate on a slow phone. The staff's queued actions, which need
// Dexie's indexes and live queries, stay in ./local-db, on the same database: this module opens
// it at Dexie's version with Dexie's very schema, so either may create it and the other finds
// what it expects.
import { type CopyTable, clearJournal, dropJournaled, journaled } from './copy-journal';

/** The local database, as ./local-db declares it. */
const NAME = 'arrive';
/** Dexie's `version(2)` is IndexedDB's version 20 (Dexie multiplies by 10). */
const VERSION = 20;
/** Each table with its key and indexes, as Dexie creates them from ./local-db's `stores`. */
const SCHEMA: Record<string, { key: string; indexes: string[] }> = {
  orders: { key: 'key', indexes: ['updatedAt'] },
  shift: { key: 'key', indexes: [] },
  carts: { key: 'key', indexes: [] },
  pendingActions: { key: 'id', indexes: ['kind', 'status', 'createdAt'] },
};

/** A list or record cached for offline viewing, with when it was last fetched. */
export type CachedRecord = { key: string; value: unknown; updatedAt: number };

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

let opening: Promise<IDBDatabase> | null = null;

function open(version?: number): Promise<IDBDatabase> {
  const request = version === undefined ? indexedDB.open(NAME) : indexedDB.open(NAME, version);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const [table, { key, indexes }] of Object.entries(SCHEMA)) {
      if (db.objectStoreNames.contains(table)) continue;
      const store = db.createObjectStore(table, { keyPath: key });
      for (const index of indexes) store.createIndex(index, index, { unique: false, multiEntry: false });
    }
  };
  return done(request);
}

/** The open database, opened once; a newer version made elsewhere (Dexie, another tab) is followed. */
function database(): Promise<IDBDatabase> {
  opening ??= open(VERSION)
    .catch((error: unknown) => {
      // A later version of the app upgraded the database: open it as it is.
      if (error instanceof DOMException && error.name === 'VersionError') return open();
      throw error;
    })
    .then(
      (db) => {
        // Another connection upgrades or deletes the database: let it, and open again when next asked.
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        db.onclose = () => {
          opening = null;
        };
        return db;
      },
      (error: unknown) => {
        opening = null;
        throw error;
      },
    );
  return opening;
}

/** A transaction on the open database; once more on a new connection if that one was just closed. */
async function transaction(tables: string[], mode: IDBTransactionMode): Promise<IDBTransaction> {
  try {
    return (await database()).transaction(tables, mode);
  } catch (error) {
    // Closed between its opening and this call (another connection upgraded or deleted it).
    if (!(error instanceof DOMException && error.name === 'InvalidStateError')) throw error;
    opening = null;
    return (await database()).transaction(tables, mode);
  }
}

/** Runs `work` on the tables in one transaction, answering once it has committed. */
async function inTransaction<T>(
  tables: string[],
  mode: IDBTransactionMode,
  work: (stores: IDBObjectStore[]) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const tx = await transaction(tables, mode);
  const request = work(tables.map((table) => tx.objectStore(table)));
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
  return request?.result;
}

export async function putCached(table: CopyTable, key: string, value: unknown, updatedAt = Date.now()) {
  const record: CachedRecord = { key, value, updatedAt };
  await inTransaction([table], 'readwrite', ([store]) => store?.put(record));
}

export async function getCached<T>(
  table: CopyTable,
  key: string,
): Promise<{ value: T; updatedAt: number } | undefined> {
  const row = (await inTransaction([table], 'readonly', ([store]) => store?.get(key))) as CachedRecord | undefined;
  return row ? { value: row.value as T, updatedAt: row.updatedAt } : undefined;
}

/** Every copy in `table` whose key starts with `prefix`. */
export async function listCached<T>(
  table: CopyTable,
  prefix: string,
): Promise<{ key: string; value: T; updatedAt: number }[]> {
  const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
  const rows = (await inTransaction([table], 'readonly', ([store]) => store?.getAll(range))) as
    | CachedRecord[]
    | undefined;
  return (rows ?? []).map((row) => ({ key: row.key, value: row.value as T, updatedAt: row.updatedAt }));
}

/** How many actions the staff's queue holds (./local-db's `pendingActions`: sales and shift actions to send). */
export async function countQueued(): Promise<number> {
  return (await inTransaction(['pendingActions'], 'readonly', ([store]) => store?.count())) ?? 0;
}

export async function deleteCached(table: CopyTable, key: string) {
  await inTransaction([table], 'readwrite', ([store]) => store?.delete(key));
}

/**
 * Takes over the copies kept in localStorage while this code was on its way (./copy-journal),
 * each unless the database already holds a newer one, then forgets them there.
 */
export async function adoptJournaledCopies() {
  for (const entry of journaled()) {
    const held = await getCached(entry.table, entry.key);
    if (!held || held.updatedAt <= entry.updatedAt)
      await putCached(entry.table, entry.key, entry.value, entry.updatedAt);
    dropJournaled(entry.table, entry.key, entry.updatedAt);
  }
}

/** Forgets everything of the signed-in person (on logout): the copies and the queued actions. */
export async function clearLocalData() {
  clearJournal();
  await inTransaction(Object.keys(SCHEMA), 'readwrite', (stores) => {
    for (const store of stores) store.clear();
    return undefined;
  });
}
