import '@mantine/dates/styles.css';
import { useQuery } from '@tanstack/react-query';
import { isPrivileged } from '../../../../domain/access';
import { useAuth } from '../../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { DrawersReport } from '../../../features/shift/components/drawers-report';

export function Component() {
  // CEO and Manager choose the gas center (the centers area owns the list); the others see their shift's.
  const centers = useQuery(centersQueryOptions()).data;
  const access = useAuth().auth?.client.staff?.access ?? [];
  return <DrawersReport centers={centers} choosesCenter={isPrivileged(access)} />;
}
