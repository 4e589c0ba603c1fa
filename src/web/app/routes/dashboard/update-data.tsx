import { UpdateDataScreen } from '../../../features/dashboard/components/update-data-screen';

export function Component() {
  return <UpdateDataScreen />;
}
