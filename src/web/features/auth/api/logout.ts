import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { authKeys, forgetAuth } from './get-auth';

/** Logout revokes the session on the server and forgets local data (SPEC §4: resets to not logged in). */
export async function logout() {
  await api.post('auth/logout').catch(() => undefined);
  // Loaded on demand: the local database is not needed on the (public) pages that show Logout.
  const { clearLocalData } = await import('../../../lib/local-db');
  await clearLocalData().catch(() => undefined);
}

/** Not logged in, and nothing of the previous client left in the cache. */
export function resetAuthState(queryClient: QueryClient) {
  forgetAuth();
  queryClient.setQueryData(authKeys.signedOut(), true);
  queryClient.setQueryData(authKeys.session(), null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
}

/** Signs out and lands at home (the client guard sends someone who just signed out home too). */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      resetAuthState(queryClient);
      void navigate(paths.home.getHref());
    },
  });
}
