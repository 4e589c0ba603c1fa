import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { OptionalPart } from '../../../components/optional-part';
import { useAfterFirstScreen } from '../../../lib/use-after-first-screen';

// The app's session query (owned by the auth feature), read from the cache rather than imported:
// features never import each other. Its data is the auth object of GET /api/auth/cookie_auth.
const AUTH_SESSION_KEY = ['auth', 'session'] as const;

const loadConfirmationPromptHost = () => import('./confirmation-prompt-host');

function useSignedInClientId(): string | null {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () => {
      const auth = queryClient.getQueryData<{ isLogin?: boolean; clientId?: string } | null>(AUTH_SESSION_KEY);
      return auth?.isLogin && auth.clientId ? auth.clientId : null;
    },
    () => null,
  );
}

/**
 * Mounted once in the root layout: while a client is signed in, it keeps the pickup channel open
 * and shows the counter's confirmation request wherever the client is in the app, from the moment
 * the screen's first reads have answered. Visitors do not download the socket code at all.
 */
export function PickupConfirmationListener() {
  const clientId = useSignedInClientId();
  // The socket's code and connection wait for the screen's first reads: a counter's request made
  // meanwhile is delivered when the phone connects (the server keeps it for this client).
  const afterFirstScreen = useAfterFirstScreen();
  const { pathname } = useLocation();
  if (!clientId || !afterFirstScreen) return null;
  // The socket client's code, too, is tried again on the next navigation if it could not be fetched.
  return <OptionalPart key={clientId} load={loadConfirmationPromptHost} retryKey={pathname} />;
}
