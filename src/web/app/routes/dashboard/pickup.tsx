import { canApproveHandover } from '../../../../domain/handover';
import { useAuth } from '../../../features/auth/api/get-auth';
import { PickupDeskScreen } from '../../../features/pickup-desk/components/pickup-desk-screen';

export function Component() {
  const staff = useAuth().auth?.client.staff;
  return <PickupDeskScreen canApproveHandover={staff ? canApproveHandover(staff) : false} />;
}
