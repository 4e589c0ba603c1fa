import { useAuth } from '../../features/auth/api/get-auth';
import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { WalletScreen } from '../../features/wallet/components/wallet-screen';
import type { FirstReadsHandle } from '../first-reads';

/** The client's wallet (the screen's early read), in the cache before its first drawing. */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient) => [queryClient.prefetchQuery(clientWalletQueryOptions())],
};

export function Component() {
  // A new wallet is opened in the client's name: the profile's, offered in the form.
  const client = useAuth().auth?.client;
  return (
    <WalletScreen
      owner={{ firstname: client?.firstname ?? '', lastname: client?.lastname ?? '', email: client?.email ?? '' }}
    />
  );
}
