import { AddStaffScreen } from '../../../features/staff/components/add-staff-screen';

export function Component() {
  return <AddStaffScreen />;
}
