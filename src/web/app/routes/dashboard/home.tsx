import { SimpleGrid, Stack, Title } from '@mantine/core';
import { type Query, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isPrivileged } from '../../../../domain/access';
import { useAuth } from '../../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { TodaysOrdersCard } from '../../../features/dispatch/components/todays-orders-card';
import { TodaysSalesCard } from '../../../features/sales/components/todays-sales-card';
import { activeShiftQueryOptions } from '../../../features/shift/api/get-active-shift';
import { ShiftCards } from '../../../features/shift/components/shift-cards';
import { canOpen } from '../../layouts/dashboard/menu-access';
import { DashboardRows } from '../../shells/screen-skeleton';

/** The longest the cards wait for their first answers before they are shown as they are. */
const FIRST_READS_MS = 3000;

/** A read on screen that has not answered yet (not one paused offline, which shows its copy). */
const firstReadPending = (query: Query) =>
  query.state.status === 'pending' && query.state.fetchStatus === 'fetching' && query.getObserversCount() > 0;

/**
 * Whether the cards may be shown: once the first reads of everything on screen have answered (or
 * FIRST_READS_MS have passed). Shown at once, each card would grow as its answer came and move the
 * cards under it; meanwhile the rows the page opened with stay. Once shown, they stay.
 */
function useFirstReadsAnswered(): boolean {
  const client = useQueryClient();
  const pending = useIsFetching({ predicate: firstReadPending });
  const [answered, setAnswered] = useState(false);
  useEffect(() => {
    if (answered || pending > 0) return;
    // The cards' effects, which start their reads, ran before this one: the cache counts theirs
    // already, where the count of this render does not yet.
    if (client.isFetching({ predicate: firstReadPending }) === 0) setAnswered(true);
  }, [answered, client, pending]);
  useEffect(() => {
    const timer = setTimeout(() => setAnswered(true), FIRST_READS_MS);
    return () => clearTimeout(timer);
  }, []);
  return answered;
}

/** Today at a glance: orders by status (for those who may read every order), sales, the shift and what waits to sync. */
export function Component() {
  const staff = useAuth().auth?.client.staff;
  const readsOrders = staff ? canOpen(staff.access, 'orders', staff.role) : false;
  // The cards' gas center: CEO and Manager choose (the centers area owns the list); anyone else
  // sees their shift's, as the shift says (or its copy on this tablet offline).
  const centers = useQuery(centersQueryOptions()).data;
  const choosesCenter = isPrivileged(staff?.access ?? []);
  const shift = useQuery(activeShiftQueryOptions());
  const answered = useFirstReadsAnswered();
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {!answered && <DashboardRows />}
      {/* Mounted meanwhile, so the cards' reads are under way, but not laid out. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" display={answered ? undefined : 'none'}>
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
