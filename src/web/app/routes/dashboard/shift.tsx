import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';
import { myTodayShiftsQueryOptions } from '../../../features/shift/api/get-my-today-shifts';
import { ShiftPanel } from '../../../features/shift/components/shift-panel';
import type { FirstReadsHandle } from '../../first-reads';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

/** The shift screen's first reads (its early reads, lib/early-reads.ts): the shifts and the centers. */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient: QueryClient) => [
    queryClient.prefetchQuery(activeShiftQueryOptions()),
    queryClient.prefetchQuery(myTodayShiftsQueryOptions()),
    queryClient.prefetchQuery(centersQueryOptions()),
  ],
};

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
