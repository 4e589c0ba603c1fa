import { isPrivileged } from '../../../../domain/access';
import { UpdateDataScreen } from '../../../features/stock/components/update-data-screen';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  // CEO and Manager access reach every center's stock (the server's rule); others their shift's.
  const access = useStaffAuth()?.client.staff?.access ?? [];
  return <UpdateDataScreen canChooseCenter={isPrivileged(access)} />;
}
