import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { authKeys, useAuth } from '../../../features/auth/api/get-auth';
import { dashboardKeys } from '../../../features/dashboard/api/keys';
import { ShiftPanel } from '../../../features/dashboard/components/shift-panel';
import { readStaffAuthSnapshot } from '../../../features/dashboard/lib/auth-snapshot';

export function Component() {
  const queryClient = useQueryClient();
  const { auth } = useAuth();
  // Offline the cookie check cannot answer: the last session seen on this tablet says who acts.
  const [snapshotClientId, setSnapshotClientId] = useState<string | undefined>();
  useEffect(() => {
    if (auth) return;
    void readStaffAuthSnapshot().then((snapshot) => setSnapshotClientId(snapshot?.clientId));
  }, [auth]);
  // The session carries workingNow for the guard; the dashboard's shift queries the drawer.
  const onChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: authKeys.session() });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  }, [queryClient]);
  return <ShiftPanel onChanged={onChanged} actingClientId={auth?.clientId ?? snapshotClientId} />;
}
