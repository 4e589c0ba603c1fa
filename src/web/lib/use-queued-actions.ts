// The page's side of the actions the service worker queues offline (shift start and end, the
// walk-in sales, a rider's steps): the rows kept on the device, live, and their settling.
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { QUEUE_SYNCED_MESSAGE } from '../../domain/offline-queue';

/** Rows of the local database, live (they survive reloads and restarts). */
export function useLiveRows<T>(list: () => Promise<T[]>): T[] {
  const [rows, setRows] = useState<T[]>([]);
  useEffect(() => {
    const subscription = liveQuery(list).subscribe({ next: setRows, error: () => undefined });
    return () => subscription.unsubscribe();
  }, [list]);
  return rows;
}

/**
 * Keeps queued actions settling: on mount, when the worker reports a replay, and when the network
 * returns. `reconcile` answers how many changed; `onSettled` runs when some did (refetch).
 */
export function useQueuedSettling(reconcile: () => Promise<number>, onSettled: () => void) {
  useEffect(() => {
    let alive = true;
    const settle = () => {
      void reconcile()
        .then((changed) => {
          if (alive && changed > 0) onSettled();
        })
        .catch(() => undefined);
    };
    settle();
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === QUEUE_SYNCED_MESSAGE) settle();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    window.addEventListener('online', settle);
    return () => {
      alive = false;
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      window.removeEventListener('online', settle);
    };
  }, [reconcile, onSettled]);
}
