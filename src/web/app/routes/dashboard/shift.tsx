import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ShiftPanel } from '../../../features/shift/components/shift-panel';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  const queryClient = useQueryClient();
  // Offline the cookie check cannot answer: the last session seen on this tablet says who acts.
  const session = useStaffAuth();
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
