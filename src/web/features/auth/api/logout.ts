import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearLocalData } from '../../../lib/local-db';
import { authKeys } from './get-auth';

/** Logout revokes the session on the server and forgets local data (SPEC §4: resets to not logged in). */
export async function logout() {
  await api.post('auth/logout').catch(() => undefined);
  await clearLocalData().catch(() => undefined);
}

/** Not logged in, and nothing of the previous client left in the cache. */
export function resetAuthState(queryClient: QueryClient) {
  queryClient.setQueryData(authKeys.session(), null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => resetAuthState(queryClient),
  });
}
