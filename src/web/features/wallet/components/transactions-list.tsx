import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { WalletTransaction } from '../../../../domain/schemas/wallet';
import { copyAge } from '../../../lib/copy-age';
import { walletTransactionsQueryOptions } from '../api/get-transactions';
import { WALLET_SCREEN_REFRESH_MS } from '../api/keys';
import { NO_TRANSACTIONS_TEXT, transactionView } from '../lib/transaction-model';

function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const t = transactionView(transaction);
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={t.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {/* Wraps rather than cutting "Order #ARV-…" off on a phone, and never inside the
                last word, where an order number sits. */}
            {t.title[0]}
            <span style={{ whiteSpace: 'nowrap' }}>{t.title[1]}</span>
          </Text>
          <Group gap={6}>
            <Badge variant="light" color={t.credit ? 'green' : 'gray'} size="sm">
              {t.kind}
            </Badge>
            <Badge variant="dot" color={t.statusColor} size="sm">
              {t.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t.meta}
          </Text>
        </Stack>
        <Text fw={700} c={t.credit ? 'green' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {t.amount}
        </Text>
      </Group>
    </Paper>
  );
}

/** The wallet's transactions, newest first. */
export function TransactionsList() {
  const query = useQuery({ ...walletTransactionsQueryOptions(), refetchInterval: WALLET_SCREEN_REFRESH_MS });
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label="Loading transactions" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title="Transactions could not be loaded">
        <Button size="xs" variant="light" mt="xs" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const list = query.data.data;
  if (list.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {NO_TRANSACTIONS_TEXT}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {query.data.fromCache && (
        <Text size="sm" c="dimmed">
          Transactions from {copyAge(query.data.updatedAt)}
        </Text>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Wallet transactions">
        {list.map((t) => (
          <TransactionRow key={t.id} transaction={t} />
        ))}
      </Stack>
    </Stack>
  );
}
