import Dexie, { type EntityTable } from 'dexie';
import type { CachedRecord } from './copy-store';

export {
  adoptJournaledCopies,
  type CachedRecord,
  clearLocalData,
  deleteCached,
  getCached,
  putCached,
} from './copy-store';
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
 * The one local database: the signed-in client's order history and
 * details, the cart being filled (keyed by the client), the staff's shift state and pending
 * queued actions. Cleared on logout. The saved copies are read and written without Dexie
 * (./copy-store, which creates the database with this very schema); the staff's queue uses it here.
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
