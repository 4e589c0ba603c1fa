import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { forgetNoPendingShiftActions, noPendingShiftActionsAtStart } from './no-pending-shift-actions';
import { listPendingShiftActions, type PendingShiftAction } from './shift-sync';

/**
 * The queued shift actions, live from Dexie (they survive reloads and restarts). Known at once to
 * be none when a first view found nothing queued as the page started (no-pending-shift-actions.ts).
 */
export function usePendingShiftActions(): { actions: PendingShiftAction[]; loaded: boolean } {
  const [state, setState] = useState<{ actions: PendingShiftAction[]; loaded: boolean }>(() => ({
    actions: [],
    loaded: noPendingShiftActionsAtStart(),
  }));
  useEffect(() => {
    forgetNoPendingShiftActions();
    const subscription = liveQuery(listPendingShiftActions).subscribe({
      next: (actions) => setState({ actions, loaded: true }),
      error: () => setState((s) => ({ ...s, loaded: true })),
    });
    return () => subscription.unsubscribe();
  }, []);
  return state;
}
