import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PaymentPurpose } from '../../../domain/enums';
import { useAuth } from '../../features/auth/api/get-auth';
import { ProductsScreen } from '../../features/orders/components/products-screen';
import { usableCardQueryOptions } from '../../features/payments/api/get-usable-card';
import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { paths } from '../../lib/paths';
import { checkoutWalletOf } from '../checkout-wallet';

export function Component() {
  const navigate = useNavigate();
  const { auth } = useAuth();
  // The checkout offers the wallet with its balance; the wallet area owns the call.
  const wallet = checkoutWalletOf(useQuery(clientWalletQueryOptions()));
  // And the saved card, paid in one tap; the payments area owns the call.
  const savedCard = useQuery(usableCardQueryOptions()).data?.card ?? null;
  return (
    <Container size="xl" py="lg">
      <ProductsScreen
        {...(auth?.clientId ? { clientId: auth.clientId } : {})}
        wallet={wallet}
        savedCard={savedCard}
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
