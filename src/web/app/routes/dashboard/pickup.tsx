import { CounterScreen } from '../../../features/counter/components/counter-screen';

export function Component() {
  return <CounterScreen />;
}
