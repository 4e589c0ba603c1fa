import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';
import { myTodayShiftsQueryOptions } from '../../../features/shift/api/get-my-today-shifts';
import { ShiftPanel } from '../../../features/shift/components/shift-panel';
import type { FirstReadsHandle } from '../../first-reads';
import { refreshStaffData } from '../../layouts/dashboard/refresh-staff-data';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';
import { takeShiftReadsFromFirstView } from '../../shift-reads';

/**
 * The shift screen's first reads (its early reads, lib/early-reads.ts): the shifts and the centers.
 * The screen's first view may have read them already: the app takes its answers.
 */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient: QueryClient) => {
    const handed = takeShiftReadsFromFirstView();
    const { shift, today, centers } = handed ?? {};
    if (shift) queryClient.setQueryData(activeShiftQueryOptions().queryKey, shift, { updatedAt: shift.updatedAt });
    if (today) queryClient.setQueryData(myTodayShiftsQueryOptions().queryKey, today, { updatedAt: today.updatedAt });
    if (centers) queryClient.setQueryData(centersQueryOptions().queryKey, centers);
    return [
      ...(shift ? [] : [queryClient.prefetchQuery(activeShiftQueryOptions())]),
      ...(today ? [] : [queryClient.prefetchQuery(myTodayShiftsQueryOptions())]),
      ...(centers ? [] : [queryClient.prefetchQuery(centersQueryOptions())]),
    ];
  },
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
