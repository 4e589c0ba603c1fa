import { PendingScreen } from './pending-screen';

export function Component() {
  return <PendingScreen title="Drive with Arrive" />;
}
