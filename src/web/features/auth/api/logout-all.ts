import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearLocalData } from '../../../lib/local-db';
import { resetAuthState } from './logout';

/** Revokes every session of the client, this device included. */
export async function logoutAll() {
  await api.post('auth/logout_all');
  await clearLocalData().catch(() => undefined);
}

/**
 * `onSignedOut` runs before the state is reset: the screen calling this sits behind the client
 * guard, which would otherwise unmount it (and send it to /login) before it could move on.
 */
export function useLogoutAll({ onSignedOut }: { onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      onSignedOut();
      resetAuthState(queryClient);
    },
  });
}
