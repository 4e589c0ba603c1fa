import { Alert, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatNaira } from '../../../../domain/format';
import { StatusBadge } from '../../../components/status-badge';
import { formatTime } from '../../../lib/lagos-time';
import { dismissSale, type PendingSale } from '../lib/sale-queue';

/** Sales saved on this tablet and not yet recorded by the server, and those it refused. */
export function PendingSales({ sales }: { sales: PendingSale[] }) {
  const waiting = sales.filter((s) => s.status === 'pending');
  const failed = sales.filter((s) => s.status === 'failed');
  if (!waiting.length && !failed.length) return null;
  return (
    <Stack gap="sm">
      {failed.map((s) => (
        <Alert
          key={s.id}
          color="red"
          title={`Sale ${s.payload.body.provisionalNumber ?? ''} was refused`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => void dismissSale(s.id)}
        >
          {s.error} Give the customer their {formatNaira(s.payload.receipt.total)} back or sell again.
        </Alert>
      ))}
      {waiting.length > 0 && (
        <Card withBorder padding="md" radius="md" aria-labelledby="sales-waiting-title">
          <Title order={2} size="h4" id="sales-waiting-title">
            Sales waiting to sync
          </Title>
          <List mt="xs" spacing="xs">
            {waiting.map((s) => (
              <List.Item key={s.id}>
                <Group gap="xs">
                  <Text>
                    {s.payload.body.provisionalNumber ?? 'Sale'} · {formatNaira(s.payload.receipt.total)} at{' '}
                    {formatTime(s.createdAt)}
                  </Text>
                  <StatusBadge tone="warn">Waiting to sync</StatusBadge>
                </Group>
              </List.Item>
            ))}
          </List>
        </Card>
      )}
    </Stack>
  );
}
