import { AccessDeniedScreen } from '../access-denied';

export function Component() {
  return <AccessDeniedScreen inDashboard />;
}
