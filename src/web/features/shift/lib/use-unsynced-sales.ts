import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { COUNTER_SALE_KIND, localDb } from '../../../lib/local-db';

/**
 * How many counter sales made on this tablet still wait to sync. A shift cannot end while one
 * waits: the drawer's expected cash would not include it yet.
 */
export function useUnsyncedSales(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const subscription = liveQuery(() =>
      localDb.pendingActions
        .where('kind')
        .equals(COUNTER_SALE_KIND)
        .filter((a) => a.status === 'pending')
        .count(),
    ).subscribe({ next: setCount, error: () => undefined });
    return () => subscription.unsubscribe();
  }, []);
  return count;
}
