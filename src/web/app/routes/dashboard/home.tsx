import { SimpleGrid, Stack, Title } from '@mantine/core';
import { TodaysOrdersCard } from '../../../features/dispatch/components/todays-orders-card';
import { TodaysSalesCard } from '../../../features/sales/components/todays-sales-card';
import { ShiftCards } from '../../../features/shift/components/shift-cards';

/** Today at a glance: orders by status, sales, the shift and what waits to sync. */
export function Component() {
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TodaysOrdersCard />
        <TodaysSalesCard />
        <ShiftCards />
      </SimpleGrid>
    </Stack>
  );
}
