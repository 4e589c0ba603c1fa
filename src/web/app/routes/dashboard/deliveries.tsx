import { RiderScreen } from '../../../features/dispatch/components/rider-screen';

export function Component() {
  return <RiderScreen />;
}
