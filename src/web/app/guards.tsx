import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/api/get-auth';
import { lastKnownAuth } from '../features/auth/api/last-auth';
import { paths } from '../lib/paths';
import { shellFor } from './shells/app-shells';
import { ScreenSkeleton } from './shells/screen-skeleton';

/**
 * Client routes need a signed-in client. Decision: a visitor is sent to /login (not to the
 * marketing home) with the origin path carried as `{ from }`; login and signup pass it on to
 * the verification screen, which returns there once the code is confirmed. Sending a visitor
 * who asked for /wallet to the marketing home would lose both the intent and the way back.
 */
export function RequireClient() {
  const { isLogin, authChecked, signedOut } = useAuth();
  const location = useLocation();
  if (!authChecked) {
    // A device that was signed in when it last asked opens the screen at once: its data is read
    // while the sign-in is checked, in parallel rather than one round trip after it (on 2G that
    // is a third of a second). Should the server say otherwise, the answer sends them to login
    // below, and the server refuses the screen's data meanwhile: the device's memory only draws.
    if (lastKnownAuth()?.isLogin) return <Outlet />;
    // The screen's own skeleton, as its prerendered HTML showed it: nothing moves meanwhile.
    const shell = shellFor(location.pathname);
    if (shell) return <ScreenSkeleton shell={shell} />;
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  // Someone who just signed out here goes home (logout resets to not logged in), not to
  // a login screen that would offer to bring them straight back.
  if (!isLogin && signedOut) return <Navigate to={paths.home.getHref()} replace />;
  if (!isLogin)
    return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
