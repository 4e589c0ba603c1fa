import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isPrivileged } from '../../../../domain/access';
import { useAuth } from '../../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { TodaysOrdersCard } from '../../../features/dispatch/components/todays-orders-card';
import { TodaysSalesCard } from '../../../features/sales/components/todays-sales-card';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';
import { ShiftCards } from '../../../features/shift/components/shift-cards';
import { canOpen } from '../../layouts/dashboard/menu-access';

/** Today at a glance: orders by status (for those who may read every order), sales, the shift and what waits to sync. */
export function Component() {
  const staff = useAuth().auth?.client.staff;
  const readsOrders = staff ? canOpen(staff.access, 'orders', staff.role) : false;
  // The cards' gas center: CEO and Manager choose (the centers area owns the list); anyone else
  // sees their shift's, as the shift says (or its copy on this tablet offline).
  const centers = useQuery(centersQueryOptions()).data;
  const choosesCenter = isPrivileged(staff?.access ?? []);
  const shift = useQuery(activeShiftQueryOptions());
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {readsOrders && (
          <TodaysOrdersCard
            centers={centers}
            choosesCenter={choosesCenter}
            shiftCenter={{ known: shift.isSuccess || shift.isError, centerId: shift.data?.data?.centerId ?? null }}
          />
        )}
        <TodaysSalesCard centers={centers} choosesCenter={choosesCenter} />
        <ShiftCards />
      </SimpleGrid>
    </Stack>
  );
}
