import { LeadsScreen } from '../../../features/follow-up/components/leads-screen';

export function Component() {
  return <LeadsScreen />;
}
