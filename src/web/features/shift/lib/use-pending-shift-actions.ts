import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { listPendingShiftActions, type PendingShiftAction } from './shift-sync';

/** The queued shift actions, live from Dexie (they survive reloads and restarts). */
export function usePendingShiftActions(): { actions: PendingShiftAction[]; loaded: boolean } {
  const [state, setState] = useState<{ actions: PendingShiftAction[]; loaded: boolean }>({
    actions: [],
    loaded: false,
  });
  useEffect(() => {
    const subscription = liveQuery(listPendingShiftActions).subscribe({
      next: (actions) => setState({ actions, loaded: true }),
      error: () => setState((s) => ({ ...s, loaded: true })),
    });
    return () => subscription.unsubscribe();
  }, []);
  return state;
}
