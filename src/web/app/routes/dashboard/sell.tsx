import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { useAuth } from '../../../features/auth/api/get-auth';
import { SellScreen } from '../../../features/sell/components/sell-screen';
import { shiftKeys } from '../../../features/shift/api/keys';
import { readStaffAuthSnapshot } from '../../layouts/dashboard/staff-auth-snapshot';

const nameOf = (auth: AuthObject | null | undefined) => {
  const c = auth?.client;
  const name = [c?.firstname, c?.lastname].filter(Boolean).join(' ').trim();
  return name || c?.phoneLocal || 'Staff';
};

export function Component() {
  const { auth } = useAuth();
  // Offline the cookie check cannot answer: the last session seen on this tablet says who sells.
  const [snapshot, setSnapshot] = useState<AuthObject | null>(null);
  useEffect(() => {
    if (auth) return;
    void readStaffAuthSnapshot().then(setSnapshot);
  }, [auth]);
  const who = auth ?? snapshot;
  const queryClient = useQueryClient();
  // A recorded sale moved the drawer: the shift page (and the copy saved for offline) reads it again.
  return (
    <SellScreen
      seller={{ clientId: who?.clientId, name: nameOf(who) }}
      onRecorded={() => void queryClient.invalidateQueries({ queryKey: shiftKeys.all })}
    />
  );
}
