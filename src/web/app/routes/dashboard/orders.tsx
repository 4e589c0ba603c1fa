import '@mantine/dates/styles.css';
import { OrdersScreen } from '../../../features/dashboard/components/orders-screen';

export function Component() {
  return <OrdersScreen />;
}
