import { ApiError } from './api-client';
import { getCached, putCached, savedCopiesReady } from './saved-copies';

/** An answer and where it came from: the network now, or the copy saved the last time. */
export type Cached<T> = { data: T; updatedAt: number; fromCache: boolean };

/** An answer just given by the server, in the same shape as one read from the copy. */
export const freshCopy = <T>(data: T): Cached<T> => ({ data, updatedAt: Date.now(), fromCache: false });

/** The copy saved on this device under `key`, with its age, or null when there is none. */
export async function readOfflineCopy<T>(
  key: string,
  { table = 'orders' }: { table?: 'orders' | 'shift' } = {},
): Promise<Cached<T> | null> {
  const saved = await getCached<T>(table, key).catch(() => undefined);
  return saved ? { data: saved.value, updatedAt: saved.updatedAt, fromCache: true } : null;
}

/**
 * Fetches and keeps a copy in Dexie (the client's order data by default, or the staff's shift
 * data); without a network it answers the saved copy instead, with the time it was saved. Errors
 * the server gave (404, 403…) are passed on, never masked by a stale copy.
 */
export async function withOfflineCopy<T>(
  key: string,
  fetcher: () => Promise<T>,
  { table = 'orders' }: { table?: 'orders' | 'shift' } = {},
): Promise<Cached<T>> {
  // The browser knows it has no network: answer the copy at once instead of waiting on a call
  // that cannot succeed (a phone on a dead connection would otherwise wait for the timeout).
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    const saved = await readOfflineCopy<T>(key, { table });
    if (saved) return saved;
  }
  try {
    const data = await fetcher();
    const saving = putCached(table, key, data).catch(() => {});
    // A screen shows an answer once its copy is saved, so what it showed opens offline even if the
    // page is left at once. Before the local database's code is here the copy is kept in
    // localStorage as the call is made (./saved-copies), and the answer does not wait for the code.
    if (savedCopiesReady()) await saving;
    return freshCopy(data);
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) {
      const saved = await readOfflineCopy<T>(key, { table });
      if (saved) return saved;
    }
    throw error;
  }
}
