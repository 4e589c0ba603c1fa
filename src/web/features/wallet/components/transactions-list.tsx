import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatNaira } from '../../../../domain/format';
import type { WalletTransaction } from '../../../../domain/schemas/wallet';
import { copyAge } from '../../../lib/copy-age';
import { walletTransactionsQueryOptions } from '../api/get-transactions';
import { WALLET_SCREEN_REFRESH_MS } from '../api/keys';

const statusColor: Record<WalletTransaction['status'], string> = {
  completed: 'green',
  success: 'green',
  pending: 'yellow',
  failed: 'red',
};

/** Where the last word of a name starts. */
const lastWordAt = (name: string) => name.lastIndexOf(' ') + 1;

function TransactionRow({ transaction: t }: { transaction: WalletTransaction }) {
  const isCredit = t.type === 'Credit';
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={`${t.type} ${formatNaira(t.amount)}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} lineClamp={2}>
            {/* Wraps rather than cutting "Order #ARV-…" off on a phone, and never inside the
                last word, where an order number sits. */}
            {t.displayName.slice(0, lastWordAt(t.displayName))}
            <span style={{ whiteSpace: 'nowrap' }}>{t.displayName.slice(lastWordAt(t.displayName))}</span>
          </Text>
          <Group gap={6}>
            <Badge variant="light" color={isCredit ? 'green' : 'gray'} size="sm">
              {isCredit ? 'credit' : 'debit'}
            </Badge>
            <Badge variant="dot" color={statusColor[t.status]} size="sm">
              {t.status}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(t.createdAt)}
            {t.from.bankName ? ` · ${t.from.bankName}` : ''}
          </Text>
        </Stack>
        <Text fw={700} c={isCredit ? 'green' : undefined} style={{ whiteSpace: 'nowrap' }}>
          {isCredit ? '+' : '−'}
          {formatNaira(t.amount)}
        </Text>
      </Group>
    </Paper>
  );
}

/** The wallet's transactions, newest first (SPEC §3 "Wallet transaction"). */
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
        No transactions yet. Add funds or send a transfer to your account number.
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
