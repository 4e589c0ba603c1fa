import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useAuth } from '../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../features/centers/api/get-centers';
import { PushOffer } from '../../features/notifications/components/push-offer';
import { orderQueryOptions } from '../../features/orders/api/get-order';
import { OrderDetailScreen } from '../../features/orders/components/order-detail-screen';
import { usableCardQueryOptions } from '../../features/payments/api/get-usable-card';
import { RefundNotice } from '../../features/payments/components/refund-notice';
import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { paths } from '../../lib/paths';
import { isFirstReadUnderWay } from '../../lib/query-client';
import { checkoutWalletOf } from '../checkout-wallet';
import type { FirstReadsHandle } from '../first-reads';

/**
 * The order, the wallet and saved card it offers to pay with, and the gas centers (the page's early
 * reads), in the cache before its first drawing.
 */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient, { orderNumber = '' }) => [
    queryClient.prefetchQuery(orderQueryOptions(orderNumber)),
    queryClient.prefetchQuery(clientWalletQueryOptions()),
    queryClient.prefetchQuery(usableCardQueryOptions()),
    queryClient.prefetchQuery(centersQueryOptions()),
  ],
};

export function Component() {
  const { orderNumber = '' } = useParams();
  const navigate = useNavigate();
  const walletQuery = useQuery(clientWalletQueryOptions());
  const wallet = checkoutWalletOf(walletQuery);
  const { auth } = useAuth();
  const cardQuery = useQuery(usableCardQueryOptions());
  const savedCard = cardQuery.data?.card ?? null;
  // Where a pickup is collected: its center's address and hours (the centers area owns the call).
  const centers = useQuery(centersQueryOptions()).data;
  // After a paid order (never on first load) Arrive offers push notifications, once.
  const paid = useQuery(orderQueryOptions(orderNumber)).data?.data.status === 'Paid';
  return (
    <Container size="md" py="lg">
      {paid && <PushOffer />}
      <OrderDetailScreen
        key={orderNumber}
        orderNumber={orderNumber}
        historyHref={paths.orderHistory.getHref()}
        paymentNotice={<RefundNotice orderNumber={orderNumber} />}
        wallet={wallet}
        savedCard={savedCard}
        centers={centers}
        paymentChoicesPending={isFirstReadUnderWay(walletQuery) || isFirstReadUnderWay(cardQuery)}
        followUp={{
          ...(auth?.clientId ? { clientId: auth.clientId } : {}),
          productsHref: paths.products.getHref(),
          receiptHref: paths.orderReceipt.getHref(orderNumber),
        }}
        onPay={(order) =>
          navigate(paths.paymentRedirect.getHref(), {
            state: { purpose: 'OrderPayment', orderNumber: order.orderNumber },
          })
        }
      />
    </Container>
  );
}
