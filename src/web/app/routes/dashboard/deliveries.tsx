import { RiderScreen } from '../../../features/dispatch/components/rider-screen';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  // The rider's steps queued offline are sent as theirs (the server refuses them for anyone else).
  return <RiderScreen riderClientId={useStaffAuth()?.clientId} />;
}
