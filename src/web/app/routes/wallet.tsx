import { WalletScreen } from '../../features/wallet/components/wallet-screen';

export function Component() {
  return <WalletScreen />;
}
