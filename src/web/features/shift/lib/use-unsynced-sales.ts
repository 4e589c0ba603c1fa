import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { COUNTER_SALE_KIND, localDb } from '../../../lib/local-db';

export type UnsyncedSales = {
  /** Sales made on this tablet still waiting to sync. */
  waiting: number;
  /** Sales the server refused when they synced: the customer's money is to give back, or sell again. */
  refused: number;
};

/**
 * The counter sales made on this tablet that are not recorded: waiting to sync, or refused. A shift
 * cannot end while one waits (the drawer's expected cash would not include it yet); a refused one
 * is said wherever the associate looks, since its cash is in the drawer and in no sale.
 */
export function useUnsyncedSales(): UnsyncedSales {
  const [counts, setCounts] = useState<UnsyncedSales>({ waiting: 0, refused: 0 });
  useEffect(() => {
    const subscription = liveQuery(async () => {
      const sales = await localDb.pendingActions.where('kind').equals(COUNTER_SALE_KIND).toArray();
      return {
        waiting: sales.filter((a) => a.status === 'pending').length,
        refused: sales.filter((a) => a.status === 'failed').length,
      };
    }).subscribe({ next: setCounts, error: () => undefined });
    return () => subscription.unsubscribe();
  }, []);
  return counts;
}
