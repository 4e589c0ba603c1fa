import { AuditScreen } from '../../../features/audit/components/audit-screen';

export function Component() {
  return <AuditScreen />;
}
