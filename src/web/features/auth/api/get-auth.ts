import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthObject } from '../../../../domain/schemas/auth';
import { ApiError, api } from '../../../lib/api-client';
import { tellWorkerWhoSignedIn } from '../../../lib/staff-code';
import { lastKnownAuth, rememberAuth } from './last-auth';

export const authKeys = {
  all: ['auth'] as const,
  session: () => [...authKeys.all, 'session'] as const,
  /** Set by logout until the next sign-in: a visitor by choice, not one to send to login. */
  signedOut: () => [...authKeys.all, 'signed-out'] as const,
};

/**
 * The signed-in client from the session cookie, or null for a visitor (SPEC §4 Authentication).
 * Without a network the last known sign-in on this device stands, so saved orders and the shift
 * still open offline; the server decides again as soon as it can be reached.
 */
export async function getAuth(): Promise<AuthObject | null> {
  try {
    const body = await api.get<{ auth: AuthObject }>('auth/cookie_auth');
    rememberAuth(body.auth);
    tellWorkerWhoSignedIn(body.auth);
    return body.auth;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      rememberAuth(null);
      return null;
    }
    if (error instanceof ApiError && error.isNetworkError) return lastKnownAuth();
    throw error;
  }
}

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
    /** authChecked of SPEC §3: the cookie check has answered (or failed). */
    authChecked: !query.isPending,
    /** The client has just signed out on this device (read when the auth state changes). */
    signedOut: !auth && queryClient.getQueryData<boolean>(authKeys.signedOut()) === true,
  };
}
