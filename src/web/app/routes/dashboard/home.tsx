import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useAuth } from '../../../features/auth/api/get-auth';
import { TodaysOrdersCard } from '../../../features/dispatch/components/todays-orders-card';
import { TodaysSalesCard } from '../../../features/sales/components/todays-sales-card';
import { ShiftCards } from '../../../features/shift/components/shift-cards';
import { canOpen } from '../../layouts/dashboard/menu-access';

/** Today at a glance: orders by status (for those who may read every order), sales, the shift and what waits to sync. */
export function Component() {
  const staff = useAuth().auth?.client.staff;
  const readsOrders = staff ? canOpen(staff.access, 'orders', staff.role) : false;
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {readsOrders && <TodaysOrdersCard />}
        <TodaysSalesCard />
        <ShiftCards />
      </SimpleGrid>
    </Stack>
  );
}
