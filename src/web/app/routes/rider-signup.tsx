import { useLocation } from 'react-router';
import { EnhancedPage } from '../../features/marketing/components/enhanced-page';
import { SignupPage } from '../../features/marketing/components/signup-page';
import { paths } from '../../lib/paths';

/** /rider/auth and /driver/signup share this screen; the path says who is signing up. */
export function Component() {
  const { pathname } = useLocation();
  const role = pathname.startsWith(paths.driverSignup.path) ? 'driver' : 'rider';
  return (
    <EnhancedPage key={role}>
      <SignupPage applicant={role} />
    </EnhancedPage>
  );
}
