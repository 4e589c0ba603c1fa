import { useEffect, useState } from 'react';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { useAuth } from '../../../features/auth/api/get-auth';
import { readStaffAuthSnapshot } from './staff-auth-snapshot';

/**
 * Who is working on this device: the session, or offline (the cookie check cannot answer) the last
 * staff session seen here. Their actions queued offline are sent as theirs.
 */
export function useStaffAuth(): AuthObject | null {
  const { auth } = useAuth();
  const [snapshot, setSnapshot] = useState<AuthObject | null>(null);
  useEffect(() => {
    if (auth) return;
    void readStaffAuthSnapshot().then(setSnapshot);
  }, [auth]);
  return auth ?? snapshot;
}
