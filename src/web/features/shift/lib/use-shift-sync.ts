import { useQueuedSettling } from '../../../lib/use-queued-actions';
import { reconcilePendingShiftActions } from './shift-sync';

const reconcile = () => reconcilePendingShiftActions();

/**
 * Keeps pending shift actions settling: on mount, when the worker reports a replay, and when the
 * network returns. `onSettled` runs when something changed (refetch the shift and the session).
 */
export function useShiftSync(onSettled: () => void) {
  useQueuedSettling(reconcile, onSettled);
}
