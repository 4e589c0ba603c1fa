import { Container } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PaymentPurpose } from '../../../domain/enums';
import { useAuth } from '../../features/auth/api/get-auth';
import { centersQueryOptions } from '../../features/centers/api/get-centers';
import { productsQueryOptions } from '../../features/orders/api/get-products';
import { ProductsScreen } from '../../features/orders/components/products-screen';
import { usableCardQueryOptions } from '../../features/payments/api/get-usable-card';
import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { paths } from '../../lib/paths';
import { checkoutWalletOf } from '../checkout-wallet';
import type { FirstReadsHandle } from '../first-reads';

/**
 * The shop's first reads (the screen's early reads, lib/early-reads.ts), and the gas centers its
 * checkout offers for a pickup, in the cache before its first drawing.
 */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient: QueryClient) => [
    queryClient.prefetchQuery(productsQueryOptions()),
    queryClient.prefetchQuery(clientWalletQueryOptions()),
    queryClient.prefetchQuery(usableCardQueryOptions()),
    queryClient.prefetchQuery(centersQueryOptions()),
  ],
};

export function Component() {
  const navigate = useNavigate();
  const { auth } = useAuth();
  // The checkout offers the wallet with its balance; the wallet area owns the call.
  const wallet = checkoutWalletOf(useQuery(clientWalletQueryOptions()));
  // And the saved card, paid in one tap; the payments area owns the call.
  const savedCard = useQuery(usableCardQueryOptions()).data?.card ?? null;
  // And the gas centers, for a pickup to choose where; the centers area owns the call.
  const centers = useQuery(centersQueryOptions()).data;
  return (
    <Container size="xl" py="lg">
      <ProductsScreen
        {...(auth?.clientId ? { clientId: auth.clientId } : {})}
        wallet={wallet}
        savedCard={savedCard}
        centers={centers}
        onPlaced={(order, payment) => {
          if (payment.method === 'card') {
            navigate(paths.paymentRedirect.getHref(), {
              state: { purpose: 'OrderPayment', orderNumber: order.orderNumber },
            });
          } else if (payment.method === 'savedCard' && payment.paid && payment.paymentNumber) {
            navigate(
              paths.paymentSuccess.getHref(order.orderNumber, payment.paymentNumber, PaymentPurpose.OrderPayment),
            );
          } else {
            navigate(paths.order.getHref(order.orderNumber));
          }
        }}
      />
    </Container>
  );
}
