import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearLocalData } from '../../../lib/saved-copies';
import { tellWorkerSignedOut } from '../../../lib/staff-code';
import { useMutation } from '../../../lib/use-mutation';
import { resetAuthState } from './logout';

/** Revokes every session of the client, this device included. */
export async function logoutAll() {
  await api.post('auth/logout_all');
  await tellWorkerSignedOut();
  await clearLocalData().catch(() => undefined);
}

export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logoutAll, onSuccess: () => resetAuthState(queryClient) });
}
