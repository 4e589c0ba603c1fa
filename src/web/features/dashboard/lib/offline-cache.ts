import { ApiError } from '../../../lib/api-client';
import { getCached, putCached } from '../../../lib/local-db';

export type Cached<T> = { data: T; savedAt: number | null };

/**
 * Fetches and keeps a copy in Dexie; without a network answers the copy (with when it was saved),
 * so the counter can still see today's orders and the shift during an outage.
 */
export async function withOfflineCopy<T>(
  table: 'orders' | 'shift',
  key: string,
  fetcher: () => Promise<T>,
): Promise<Cached<T>> {
  try {
    const data = await fetcher();
    await putCached(table, key, data).catch(() => undefined);
    return { data, savedAt: null };
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkError) {
      const copy = await getCached<T>(table, key).catch(() => undefined);
      if (copy) return { data: copy.value, savedAt: copy.updatedAt };
    }
    throw error;
  }
}
