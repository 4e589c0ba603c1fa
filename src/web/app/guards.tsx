import { Center, Loader } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../features/auth/api/get-auth';
import { paths } from '../lib/paths';

/**
 * Client routes need a signed-in client. A visitor who fails the cookie check is sent home
 * with the origin path carried along (SPEC §2), so signing in can return there.
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
    return <Navigate to={paths.home.getHref()} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
