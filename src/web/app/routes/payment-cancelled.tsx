import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { orderQueryOptions } from '../../features/orders/api/get-order';
import { PaymentStoppedScreen } from '../../features/payments/components/payment-stopped-screen';
import { isWalletFunding } from '../../features/payments/lib/checkout-state';

/** /payment/cancelled/… and /payment/failed/…: query orderId and ref win over the path's values. */
export function Component() {
  const { id, paymentNumber, purpose } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const orderNumber = search.get('orderId') ?? id;
  const reference = search.get('ref') ?? paymentNumber;
  // The order comes from its one owner and query key, so this screen and the order's own screen
  // never disagree about it.
  const order = useQuery({
    ...orderQueryOptions(orderNumber ?? ''),
    enabled: !isWalletFunding(purpose) && Boolean(orderNumber),
  });
  return (
    <PaymentStoppedScreen
      kind={location.pathname.startsWith('/payment/failed/') ? 'failed' : 'cancelled'}
      {...(orderNumber ? { orderNumber } : {})}
      {...(reference ? { reference } : {})}
      {...(purpose ? { purpose } : {})}
      order={order.data?.data}
      orderLoading={order.isLoading}
    />
  );
}
