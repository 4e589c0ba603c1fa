import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { paths } from '../../../lib/paths';
import { activeShiftQueryOptions } from '../api/get-active-shift';
import { effectiveShift } from '../lib/shift-sync';
import { usePendingShiftActions } from '../lib/use-pending-shift-actions';
import { useUnsyncedSales } from '../lib/use-unsynced-sales';
import { RefusedSalesAlert } from './refused-sales-alert';
import { ShiftSummary } from './shift-summary';

/** The dashboard home's two shift cards: my shift, and what waits to sync. */
export function ShiftCards() {
  const shift = useQuery(activeShiftQueryOptions());
  const { actions } = usePendingShiftActions();
  const state = effectiveShift(Boolean(shift.data?.data?.workingNow), actions);
  const sales = useUnsyncedSales();
  return (
    <>
      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            My shift
          </Title>
          <Button component={Link} to={paths.dashboard.shift.getHref()} variant="subtle" size="compact-sm">
            Open shift page
          </Button>
        </Group>
        {shift.data?.data?.workingNow && state.working ? (
          <ShiftSummary shift={shift.data.data} />
        ) : (
          <Text>{state.working ? 'Started on this tablet; waiting to sync.' : 'Not on a shift.'}</Text>
        )}
      </Card>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Waiting to sync
        </Title>
        {state.pending.length === 0 && state.failed.length === 0 && sales.waiting === 0 && sales.refused === 0 ? (
          <Text c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))">Everything is synced.</Text>
        ) : (
          <Stack gap={4}>
            {state.pending.map((a) => (
              <Text key={a.id}>
                {a.kind === 'shift.start' ? 'Shift start' : 'Shift end'} at {formatTime(a.createdAt)}{' '}
                <StatusBadge tone="warn">Pending</StatusBadge>
              </Text>
            ))}
            {sales.waiting > 0 && (
              <Text>
                {sales.waiting === 1 ? 'A counter sale' : `${sales.waiting} counter sales`}{' '}
                <StatusBadge tone="warn">Pending</StatusBadge>
              </Text>
            )}
            {state.failed.length > 0 && (
              <Alert color="red" p="xs">
                {state.failed.length} action(s) were refused: see the shift page.
              </Alert>
            )}
            {sales.refused > 0 && <RefusedSalesAlert count={sales.refused} />}
          </Stack>
        )}
      </Card>
    </>
  );
}
