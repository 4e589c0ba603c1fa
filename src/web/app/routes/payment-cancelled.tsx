import { useLocation, useParams, useSearchParams } from 'react-router';
import { PaymentStoppedScreen } from '../../features/payments/components/payment-stopped-screen';

/** /payment/cancelled/… and /payment/failed/…: query orderId and ref win over the path's values. */
export function Component() {
  const { id, paymentNumber, purpose } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const orderNumber = search.get('orderId') ?? id;
  const reference = search.get('ref') ?? paymentNumber;
  return (
    <PaymentStoppedScreen
      kind={location.pathname.startsWith('/payment/failed/') ? 'failed' : 'cancelled'}
      {...(orderNumber ? { orderNumber } : {})}
      {...(reference ? { reference } : {})}
      {...(purpose ? { purpose } : {})}
    />
  );
}
