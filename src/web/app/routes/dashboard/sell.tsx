import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { SellScreen } from '../../../features/sell/components/sell-screen';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';
import { shiftKeys } from '../../../features/shift/api/keys';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

const nameOf = (auth: AuthObject | null | undefined) => {
  const c = auth?.client;
  const name = [c?.firstname, c?.lastname].filter(Boolean).join(' ').trim();
  return name || c?.phoneLocal || 'Staff';
};

export function Component() {
  // Offline the cookie check cannot answer: the last session seen on this tablet says who sells.
  const who = useStaffAuth();
  const queryClient = useQueryClient();
  // The counter sells at its shift's center: read from the server, or offline from the copy of the
  // shift this tablet kept.
  const shift = useQuery(activeShiftQueryOptions());
  // A recorded sale moved the drawer: the shift page (and the copy saved for offline) reads it again.
  return (
    <SellScreen
      seller={{ clientId: who?.clientId, name: nameOf(who) }}
      onRecorded={() => void queryClient.invalidateQueries({ queryKey: shiftKeys.all })}
      shiftCenter={{ known: shift.isSuccess || shift.isError, centerId: shift.data?.data?.centerId ?? null }}
    />
  );
}
