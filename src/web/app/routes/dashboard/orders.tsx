import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { isPrivileged } from '../../../../domain/access';
import { useAuth } from '../../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { OrdersScreen } from '../../../features/dispatch/components/orders-screen';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';

export function Component() {
  const staff = useAuth().auth?.client.staff;
  // CEO and Manager choose the gas center (the centers area owns the list); anyone else sees
  // their shift's, as the shift says (or its copy on this tablet offline).
  const centers = useQuery(centersQueryOptions()).data;
  const shift = useQuery(activeShiftQueryOptions());
  return (
    <OrdersScreen
      centers={centers}
      choosesCenter={isPrivileged(staff?.access ?? [])}
      shiftCenter={{ known: shift.isSuccess || shift.isError, centerId: shift.data?.data?.centerId ?? null }}
    />
  );
}
