import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { isPrivileged } from '../../../../domain/access';
import { useAuth } from '../../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { TodaysOrdersCard } from '../../../features/dispatch/components/todays-orders-card';
import { TodaysSalesCard } from '../../../features/sales/components/todays-sales-card';
import { ShiftCards } from '../../../features/shift/components/shift-cards';
import { canOpen } from '../../layouts/dashboard/menu-access';

/** Today at a glance: orders by status (for those who may read every order), sales, the shift and what waits to sync. */
export function Component() {
  const staff = useAuth().auth?.client.staff;
  const readsOrders = staff ? canOpen(staff.access, 'orders', staff.role) : false;
  // The sales card's gas center: CEO and Manager choose (the centers area owns the list).
  const centers = useQuery(centersQueryOptions()).data;
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {readsOrders && <TodaysOrdersCard />}
        <TodaysSalesCard centers={centers} choosesCenter={isPrivileged(staff?.access ?? [])} />
        <ShiftCards />
      </SimpleGrid>
    </Stack>
  );
}
