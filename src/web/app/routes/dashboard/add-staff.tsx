import { AddStaffScreen } from '../../../features/dashboard/components/add-staff-screen';

export function Component() {
  return <AddStaffScreen />;
}
