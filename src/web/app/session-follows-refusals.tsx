import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys } from '../features/auth/api/get-auth';
import { ApiError } from '../lib/api-client';

const NONE: readonly QueryKey[] = [];

const isAuthKey = (key: readonly unknown[]) => key[0] === authKeys.all[0];

/**
 * Reads the session again as soon as a read or an action (other than the session check itself) is
 * refused in a way that says the session moved: the header and the guards then follow. Each layer
 * says which refusals those are.
 */
export function useSessionRecheckAfter(
  isRefusal: (error: unknown) => boolean,
  /** Reads that moved with the session and are read again with it (a stable array). */
  alsoStale: readonly QueryKey[] = NONE,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const check = (error: unknown) => {
      if (!isRefusal(error)) return;
      void queryClient.invalidateQueries({ queryKey: authKeys.session() });
      for (const queryKey of alsoStale) void queryClient.invalidateQueries({ queryKey });
    };
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && !isAuthKey(event.query.queryKey)) {
        check(event.action.error);
      }
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient, isRefusal, alsoStale]);
}

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A read or an action refused with 401 (signed out on every device from another phone, the session
 * revoked): the sign-in is checked again at once, so the guards send the person to sign in, with
 * the way back, instead of leaving them on a screen whose every action fails ("You have been
 * signed out") until they happen to load another page.
 */
export function SessionFollowsRefusals() {
  useSessionRecheckAfter(isSignedOut);
  return null;
}
