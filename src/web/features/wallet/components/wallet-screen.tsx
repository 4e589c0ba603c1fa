import { Alert, Button, Center, Container, Loader, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { SavedCopyAge } from '../../../components/saved-copy-age';
import { clientWalletQueryOptions } from '../api/get-client-wallet';
import { WALLET_SCREEN_REFRESH_MS } from '../api/keys';
import { AddFundPanel } from './add-fund-panel';
import { CreateWalletFlow } from './create-wallet-flow';
import { TransactionsList } from './transactions-list';
import { WalletCard } from './wallet-card';
import classes from './wallet-screen.module.css';

/** The wallet screen: a loader, then the wallet card and its tabs, or the create flow. */
export function WalletScreen({ owner }: { owner?: { firstname: string; lastname: string; email: string } } = {}) {
  const query = useQuery({ ...clientWalletQueryOptions(), refetchInterval: WALLET_SCREEN_REFRESH_MS });
  // "Top up ₦X" (an order the balance does not cover) opens AddFund with that amount filled in.
  const [params] = useSearchParams();
  const topUpKobo = Number(params.get('amount'));
  const openTab = params.get('tab') === 'add-fund' ? 'add-fund' : 'transactions';
  return (
    <Container size="sm" py="lg">
      <Title order={1} mb="md">
        Wallet
      </Title>
      {query.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading wallet" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert" title="Your wallet could not be loaded">
          <Button size="xs" variant="light" mt="xs" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.data.data.wallet ? (
        <Stack gap="lg">
          <SavedCopyAge
            fromCache={query.data.fromCache}
            updatedAt={query.data.updatedAt}
            what="Balance"
            needsNetwork="Adding funds needs a connection."
          />
          <WalletCard wallet={query.data.data.wallet} />
          <Tabs defaultValue={openTab} keepMounted={false}>
            <Tabs.List grow className={classes.tabs}>
              <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
              <Tabs.Tab value="add-fund">AddFund</Tabs.Tab>
              <Tabs.Tab value="withdraw" disabled>
                Withdraw
              </Tabs.Tab>
              <Tabs.Tab value="transfer" disabled>
                Transfer
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="transactions" pt="md">
              <TransactionsList />
            </Tabs.Panel>
            <Tabs.Panel value="add-fund" pt="md">
              <AddFundPanel initialKobo={Number.isSafeInteger(topUpKobo) && topUpKobo > 0 ? topUpKobo : undefined} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      ) : (
        <CreateWalletFlow owner={owner} />
      )}
    </Container>
  );
}
