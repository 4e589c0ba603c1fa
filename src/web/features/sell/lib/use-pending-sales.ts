import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { SHIFT_SYNCED_MESSAGE } from '../../../../domain/schemas/shift';
import { listPendingSales, type PendingSale, reconcilePendingSales } from './sale-queue';

/** The sales waiting on this tablet, live from Dexie (they survive reloads and restarts). */
export function usePendingSales(): PendingSale[] {
  const [sales, setSales] = useState<PendingSale[]>([]);
  useEffect(() => {
    const subscription = liveQuery(listPendingSales).subscribe({ next: setSales, error: () => undefined });
    return () => subscription.unsubscribe();
  }, []);
  return sales;
}

/** Keeps queued sales settling: on mount, when the worker reports a replay, when the network returns. */
export function useSaleSync(onSettled: () => void) {
  useEffect(() => {
    let alive = true;
    const settle = () => {
      void reconcilePendingSales()
        .then((changed) => {
          if (alive && changed > 0) onSettled();
        })
        .catch(() => undefined);
    };
    settle();
    const onMessage = (event: MessageEvent) => {
      if (event.data?.type === SHIFT_SYNCED_MESSAGE) settle();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    window.addEventListener('online', settle);
    return () => {
      alive = false;
      navigator.serviceWorker?.removeEventListener('message', onMessage);
      window.removeEventListener('online', settle);
    };
  }, [onSettled]);
}
