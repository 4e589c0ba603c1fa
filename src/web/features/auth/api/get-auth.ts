import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAuth } from './check-sign-in';

export { getAuth, takeSignInFromFirstView } from './check-sign-in';

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  /** Set by logout until the next sign-in: a visitor by choice, not one to send to login. */
  signedOut: () => [...authKeys.all, 'signed-out'] as const,
};

export const authQueryOptions = () =>
  // offlineFirst: offline the check still runs once (and falls back to the last known sign-in)
  // instead of staying paused, so guards never wait for a network that is not there.
  queryOptions({
    queryKey: authKeys.session(),
    queryFn: getAuth,
    staleTime: 5 * 60_000,
    retry: false,
    networkMode: 'offlineFirst',
  });

export function useAuth() {
  const query = useQuery(authQueryOptions());
  const queryClient = useQueryClient();
  const auth = query.data ?? null;
  return {
    auth,
    isLogin: Boolean(auth?.isLogin),
    isStaff: Boolean(auth?.client.staff?.isCurrentStaff),
    /** authChecked: the cookie check has answered (or failed). */
    authChecked: !query.isPending,
    /** The client has just signed out on this device (read when the auth state changes). */
    signedOut: !auth && queryClient.getQueryData<boolean>(authKeys.signedOut()) === true,
  };
}
