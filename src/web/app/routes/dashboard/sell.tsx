import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { counterCatalogueQueryOptions } from '../../../features/sell/api/get-counter-catalogue';
import { SellScreen } from '../../../features/sell/components/sell-screen';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';
import { shiftKeys } from '../../../features/shift/api/keys';
import { rememberCounterCenter, rememberedCounterCenter } from '../../../lib/early-reads';
import { takeCounterReadsFromFirstView } from '../../counter-reads';
import type { FirstReadsHandle } from '../../first-reads';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

/**
 * The counter's first reads (its early reads, lib/early-reads.ts): the shift, and the catalogue of
 * the center this tablet last sold at, side by side rather than one after the other. The counter's
 * first view may have read both already (a tablet with no copy yet): the app takes its answers.
 */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient: QueryClient) => {
    const handed = takeCounterReadsFromFirstView();
    if (handed) {
      const { shift, centerId, catalogue } = handed;
      queryClient.setQueryData(activeShiftQueryOptions().queryKey, shift, { updatedAt: shift.updatedAt });
      queryClient.setQueryData(counterCatalogueQueryOptions(centerId).queryKey, catalogue, {
        updatedAt: catalogue.updatedAt,
      });
      return [];
    }
    const center = rememberedCounterCenter();
    return [
      queryClient.prefetchQuery(activeShiftQueryOptions()),
      ...(center ? [queryClient.prefetchQuery(counterCatalogueQueryOptions(center))] : []),
    ];
  },
};

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
  // Until the shift answers, the center this tablet last sold at: its catalogue is drawn meanwhile,
  // and the shift's own center (the same, nearly always) takes over once known.
  const [remembered] = useState(rememberedCounterCenter);
  const settled = shift.isSuccess || shift.isError;
  const shiftCenterId = shift.data?.data?.centerId ?? null;
  useEffect(() => {
    if (shift.isSuccess && shift.data.data) rememberCounterCenter(shiftCenterId);
  }, [shift.isSuccess, shift.data, shiftCenterId]);
  // A recorded sale moved the drawer: the shift page (and the copy saved for offline) reads it again.
  return (
    <SellScreen
      seller={{ clientId: who?.clientId, name: nameOf(who) }}
      onRecorded={() => void queryClient.invalidateQueries({ queryKey: shiftKeys.all })}
      shiftCenter={
        settled ? { known: true, centerId: shiftCenterId } : { known: remembered !== null, centerId: remembered }
      }
    />
  );
}
