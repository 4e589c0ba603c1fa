import { ClientPickupScreen } from '../../features/pickup/components/client-pickup-screen';

export function Component() {
  return <ClientPickupScreen />;
}
