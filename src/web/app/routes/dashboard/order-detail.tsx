import { useParams } from 'react-router';
import { OrderDetailScreen } from '../../../features/dispatch/components/order-detail-screen';

export function Component() {
  const { orderId = '' } = useParams();
  return <OrderDetailScreen key={orderId} orderId={orderId} />;
}
