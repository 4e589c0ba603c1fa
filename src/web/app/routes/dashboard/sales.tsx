import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import { SalesScreen } from '../../../features/sales/components/sales-screen';

export function Component() {
  return <SalesScreen />;
}
