import Dexie, { type EntityTable } from 'dexie';
import { type CopyTable, clearJournal, dropJournaled, journaled } from './copy-journal';

/** A list or record cached for offline viewing, with when it was last fetched. */
export type CachedRecord = { key: string; value: unknown; updatedAt: number };
/** A queued action (shift start/end…) shown as pending until the service worker syncs it. */
export type PendingAction = {
  id: string;
  kind: string;
  payload: unknown;
  createdAt: number;
  status: 'pending' | 'synced' | 'failed';
  error?: string;
};

/** The kind of a queued counter sale: the sale screen queues it, the shift screen refuses to end while one waits. */
export const COUNTER_SALE_KIND = 'counter.sale';

/**
 * The one local database (DESIGN: offline-first): the signed-in client's order history and
 * details, the cart being filled (keyed by the client), the staff's shift state and pending
 * queued actions. Cleared on logout.
 */
class ArriveLocalDb extends Dexie {
  orders!: EntityTable<CachedRecord, 'key'>;
  shift!: EntityTable<CachedRecord, 'key'>;
  carts!: EntityTable<CachedRecord, 'key'>;
  pendingActions!: EntityTable<PendingAction, 'id'>;
  constructor() {
    super('arrive');
    this.version(1).stores({ orders: 'key, updatedAt', shift: 'key', pendingActions: 'id, kind, status, createdAt' });
    this.version(2).stores({ carts: 'key' });
  }
}

export const localDb = new ArriveLocalDb();

export async function putCached(table: CopyTable, key: string, value: unknown, updatedAt = Date.now()) {
  await localDb[table].put({ key, value, updatedAt });
}

/**
 * Takes over the copies kept in localStorage while this code was on its way (./copy-journal),
 * each unless the database already holds a newer one, then forgets them there.
 */
export async function adoptJournaledCopies() {
  for (const entry of journaled()) {
    const held = await localDb[entry.table].get(entry.key);
    if (!held || held.updatedAt <= entry.updatedAt)
      await putCached(entry.table, entry.key, entry.value, entry.updatedAt);
    dropJournaled(entry.table, entry.key, entry.updatedAt);
  }
}

export async function deleteCached(table: CopyTable, key: string) {
  await localDb[table].delete(key);
}

export async function getCached<T>(
  table: CopyTable,
  key: string,
): Promise<{ value: T; updatedAt: number } | undefined> {
  const row = await localDb[table].get(key);
  return row ? { value: row.value as T, updatedAt: row.updatedAt } : undefined;
}

/** Forgets everything of the signed-in person (on logout). */
export async function clearLocalData() {
  clearJournal();
  await Promise.all([
    localDb.orders.clear(),
    localDb.shift.clear(),
    localDb.carts.clear(),
    localDb.pendingActions.clear(),
  ]);
}
