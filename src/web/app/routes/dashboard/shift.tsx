import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '../../../features/auth/api/get-auth';
import { ShiftPanel } from '../../../features/shift/components/shift-panel';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { readStaffAuthSnapshot } from '../../layouts/dashboard/staff-auth-snapshot';

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
    refreshStaffData(queryClient);
  }, [queryClient]);
  return <ShiftPanel onChanged={onChanged} actingClientId={auth?.clientId ?? snapshotClientId} />;
}
