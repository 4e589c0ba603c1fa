import '@mantine/dates/styles.css';
import { OrdersScreen } from '../../../features/dispatch/components/orders-screen';

export function Component() {
  return <OrdersScreen />;
}
