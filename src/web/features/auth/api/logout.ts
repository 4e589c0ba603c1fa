import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { forgetDrafts } from '../../../lib/use-draft';
import { useMutation } from '../../../lib/use-mutation';
import { logout } from './end-session';
import { authKeys } from './get-auth';
import { forgetAuth } from './last-auth';

/** Not logged in, and nothing of the previous client left in the cache. */
export function resetAuthState(queryClient: QueryClient) {
  forgetAuth();
  // A basket or a count left half-typed is not the next person's.
  forgetDrafts();
  queryClient.setQueryData(authKeys.signedOut(), true);
  queryClient.setQueryData(authKeys.session(), null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
}

/** Forgets the client and lands at home: after signing out, or after the account is deleted. */
export function useLeaveForHome() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    resetAuthState(queryClient);
    void navigate(paths.home.getHref());
  };
}

/** Signs out and lands at home (the client guard sends someone who just signed out home too). */
export function useLogout() {
  const leave = useLeaveForHome();
  return useMutation({ mutationFn: logout, onSettled: leave });
}
