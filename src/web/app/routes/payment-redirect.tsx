import { PaymentRedirectScreen } from '../../features/payments/components/redirect-screen';

export function Component() {
  return <PaymentRedirectScreen />;
}
