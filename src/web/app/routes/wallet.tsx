import { useAuth } from '../../features/auth/api/get-auth';
import { takeWalletReadFromFirstView } from '../../features/wallet/api/client-wallet';
import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { WalletScreen } from '../../features/wallet/components/wallet-screen';
import type { FirstReadsHandle } from '../first-reads';

/**
 * The client's wallet in the cache before its first drawing: the answer the first view already
 * read (no wallet yet), else the screen's early read.
 */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient) => {
    const options = clientWalletQueryOptions();
    const handed = takeWalletReadFromFirstView();
    if (handed) {
      queryClient.setQueryData(options.queryKey, handed);
      return [];
    }
    return [queryClient.prefetchQuery(options)];
  },
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
