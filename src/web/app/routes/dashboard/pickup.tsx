import { canApproveHandover } from '../../../../domain/handover';
import { useAuth } from '../../../features/auth/api/get-auth';
import { CounterScreen } from '../../../features/counter/components/counter-screen';

export function Component() {
  const staff = useAuth().auth?.client.staff;
  return <CounterScreen canApproveHandover={staff ? canApproveHandover(staff) : false} />;
}
