import { useLiveRows, useQueuedSettling } from '../../../lib/use-queued-actions';
import { listPendingSales, type PendingSale, reconcilePendingSales } from './sale-queue';

/** The sales waiting on this tablet, live from Dexie (they survive reloads and restarts). */
export function usePendingSales(): PendingSale[] {
  return useLiveRows(listPendingSales);
}

const reconcile = () => reconcilePendingSales();

/** Keeps queued sales settling: on mount, when the worker reports a replay, when the network returns. */
export function useSaleSync(onSettled: () => void) {
  useQueuedSettling(reconcile, onSettled);
}
