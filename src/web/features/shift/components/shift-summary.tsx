import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDate, formatNaira } from '../../../../domain/format';
import type { Shift } from '../../../../domain/schemas/shift';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';

export function VarianceBadge({ variance }: { variance: number }) {
  if (variance === 0) return <StatusBadge tone="ok">Balanced</StatusBadge>;
  return variance < 0 ? (
    <StatusBadge tone="bad">Short {formatNaira(-variance)}</StatusBadge>
  ) : (
    <StatusBadge tone="accent">Over {formatNaira(variance)}</StatusBadge>
  );
}

/** One labelled figure of a drawer (also the cash drawers report's cards on a phone). */
export const Figure = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))">
      {label}
    </Text>
    <Text fw={600}>{value}</Text>
  </Stack>
);

/** A shift's drawer: float, cash taken and paid back, expected, counted and the difference. */
export function ShiftSummary({ shift }: { shift: Shift }) {
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Text fw={600}>{shift.staffName}</Text>
        <Text c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))" size="sm">
          {formatDate(shift.startedAt)} {formatTime(shift.startedAt)}
          {shift.endedAt ? ` – ${formatTime(shift.endedAt)}` : ' – now'}
        </Text>
        {shift.variance !== null && <VarianceBadge variance={shift.variance} />}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label="Opening float" value={formatNaira(shift.openingFloat)} />
        <Figure label="Cash sales" value={formatNaira(shift.cashSales)} />
        <Figure label="Cash refunds" value={formatNaira(shift.cashRefunds)} />
        <Figure label="Card and transfer" value={formatNaira(shift.sales.Electronic)} />
        <Figure label="Wallet" value={formatNaira(shift.sales.Wallet)} />
        <Figure label="Expected cash" value={formatNaira(shift.expectedCash)} />
        {shift.closingCash !== null && <Figure label="Counted cash" value={formatNaira(shift.closingCash)} />}
      </SimpleGrid>
      {/* The figures are the shift's sales by who sold them (shift README "Who sold what"): a hand-over
          counts the order, however it was paid, so they are more than the counter took. */}
      <Text size="xs" c="light-dark(var(--mantine-color-gray-7), var(--mantine-color-dark-1))">
        Card and transfer, and wallet, count every order sold or handed over on this shift, paid at the counter or in
        the app. Only cash goes through the drawer.
      </Text>
    </Stack>
  );
}
