import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { formatNaira } from '../../../../domain/format';
import type { OrderQuote } from '../../../../domain/schemas/order';
import { deliveryRowLabel } from '../lib/order-model';

type Props = {
  estimateSubtotal: number;
  quote: OrderQuote | undefined;
  loading: boolean;
  error: Error | null;
  homeDelivery: boolean;
};

/** Subtotal, delivery fee and total as the server priced them, shown before confirming. */
export function QuoteSummary({ estimateSubtotal, quote, loading, error, homeDelivery }: Props) {
  const row = (label: string, value: string, strong = false) => (
    <Group justify="space-between" wrap="nowrap" align="baseline">
      <Text fw={strong ? 700 : 400} style={{ flex: 1, minWidth: 0 }}>
        {label}
      </Text>
      <Text fw={strong ? 700 : 500} size={strong ? 'lg' : 'md'} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={4} aria-live="polite">
      {row('Subtotal', formatNaira(quote?.subtotal ?? estimateSubtotal))}
      {homeDelivery &&
        row(
          quote ? deliveryRowLabel(quote) : 'Delivery',
          quote ? formatNaira(quote.deliveryFee) : 'Enter your address',
        )}
      {row('Total', quote ? formatNaira(quote.total) : homeDelivery ? '—' : formatNaira(estimateSubtotal), true)}
      {loading && (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="xs" c="dimmed">
            Updating prices…
          </Text>
        </Group>
      )}
      {quote?.deliveryFeeIsEstimate && (
        <Text size="xs" c="dimmed">
          The distance is a straight-line estimate from our gas center on Allen Avenue, Ikeja.
        </Text>
      )}
      {error && (
        <Alert color="red" title="We can't price this order yet" role="alert">
          {error.message}
        </Alert>
      )}
    </Stack>
  );
}
