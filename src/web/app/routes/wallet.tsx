import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { WalletScreen } from '../../features/wallet/components/wallet-screen';
import type { FirstReadsHandle } from '../first-reads';

/** The client's wallet (the screen's early read), in the cache before its first drawing. */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient) => [queryClient.prefetchQuery(clientWalletQueryOptions())],
};

export function Component() {
  return <WalletScreen />;
}
