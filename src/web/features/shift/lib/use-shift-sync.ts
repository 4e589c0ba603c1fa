import { useEffect } from 'react';
import { SHIFT_SYNCED_MESSAGE } from '../../../../domain/schemas/shift';
import { reconcilePendingShiftActions } from './shift-sync';

/**
 * Keeps pending shift actions settling: on mount, when the worker reports a replay, and when the
 * network returns. `onSettled` runs when something changed (refetch the shift and the session).
 */
export function useShiftSync(onSettled: () => void) {
  useEffect(() => {
    let alive = true;
    const settle = () => {
      void reconcilePendingShiftActions()
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
