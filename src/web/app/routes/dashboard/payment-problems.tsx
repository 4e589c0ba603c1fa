import { PaymentProblemsScreen } from '../../../features/follow-up/components/payment-problems-screen';

export function Component() {
  return <PaymentProblemsScreen />;
}
