import { CounterScreen } from '../../../features/pickup/components/counter-screen';

export function Component() {
  return <CounterScreen />;
}
