import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { ShiftPanel } from '../../../features/shift/components/shift-panel';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  const queryClient = useQueryClient();
  // Offline the cookie check cannot answer: the last session seen on this tablet says who acts.
  const session = useStaffAuth();
  // The gas centers, to name the one a member of several chooses (the centers area owns the call).
  const centers = useQuery(centersQueryOptions()).data;
  // The session carries workingNow for the guard; the dashboard's shift queries the drawer.
  const onChanged = useCallback(() => {
    refreshStaffData(queryClient);
  }, [queryClient]);
  return (
    <ShiftPanel
      onChanged={onChanged}
      actingClientId={session?.clientId}
      sessionWorking={Boolean(session?.client.staff?.shift?.workingNow)}
      centers={centers}
    />
  );
}
