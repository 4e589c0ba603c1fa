import { UpdateDataScreen } from '../../../features/stock/components/update-data-screen';

export function Component() {
  return <UpdateDataScreen />;
}
