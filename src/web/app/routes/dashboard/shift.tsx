import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { useAuth } from '../../../features/auth/api/get-auth';
import { ShiftPanel } from '../../../features/shift/components/shift-panel';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { readStaffAuthSnapshot } from '../../layouts/dashboard/staff-auth-snapshot';

export function Component() {
  const queryClient = useQueryClient();
  const { auth } = useAuth();
  // Offline the cookie check cannot answer: the last session seen on this tablet says who acts.
  const [snapshot, setSnapshot] = useState<AuthObject | null>(null);
  useEffect(() => {
    if (auth) return;
    void readStaffAuthSnapshot().then(setSnapshot);
  }, [auth]);
  const session = auth ?? snapshot;
  // The session carries workingNow for the guard; the dashboard's shift queries the drawer.
  const onChanged = useCallback(() => {
    refreshStaffData(queryClient);
  }, [queryClient]);
  return (
    <ShiftPanel
      onChanged={onChanged}
      actingClientId={session?.clientId}
      sessionWorking={Boolean(session?.client.staff?.shift?.workingNow)}
    />
  );
}
