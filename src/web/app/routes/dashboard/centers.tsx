import { StaffAccess } from '../../../../domain/enums';
import { CentersScreen } from '../../../features/centers/components/centers-screen';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  // Adding a center takes CEO access (the server's rule); changing one, a Manager's too.
  const access = useStaffAuth()?.client.staff?.access ?? [];
  return <CentersScreen canAdd={access.includes(StaffAccess.CEO)} />;
}
