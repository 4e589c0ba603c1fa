import { useLocation } from 'react-router';
import { SignupPage } from '../../features/marketing/components/signup-page';
import { paths } from '../../lib/paths';

/** /rider/auth and /driver/signup share this screen; the path says who is signing up. */
export function Component() {
  const { pathname } = useLocation();
  return <SignupPage applicant={pathname.startsWith(paths.driverSignup.path) ? 'driver' : 'rider'} />;
}
