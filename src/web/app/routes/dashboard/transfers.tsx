import { isPrivileged } from '../../../../domain/access';
import { TransfersScreen } from '../../../features/stock/components/transfers-screen';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  // CEO and Manager access send and receive for any center (the server's rule); others their shift's.
  const access = useStaffAuth()?.client.staff?.access ?? [];
  return <TransfersScreen canChooseCenter={isPrivileged(access)} />;
}
