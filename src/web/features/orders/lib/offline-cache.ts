import { ApiError } from '../../../lib/api-client';
import { getCached, putCached } from '../../../lib/local-db';

/** An answer and where it came from: the network now, or the copy saved the last time. */
export type Cached<T> = { data: T; updatedAt: number; fromCache: boolean };

/**
 * Fetches and keeps a copy in Dexie; without a network it answers the saved copy instead, with
 * the time it was saved. Errors the server gave (404, 403…) are passed on, never masked by a
 * stale copy.
 */
export async function withOfflineCopy<T>(key: string, fetcher: () => Promise<T>): Promise<Cached<T>> {
  try {
    const data = await fetcher();
    const updatedAt = Date.now();
    await putCached('orders', key, data).catch(() => {});
    return { data, updatedAt, fromCache: false };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) {
      const saved = await getCached<T>('orders', key).catch(() => undefined);
      if (saved) return { data: saved.value, updatedAt: saved.updatedAt, fromCache: true };
    }
    throw error;
  }
}
