import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useAuth } from '../../features/auth/api/get-auth';
import { ProductsScreen } from '../../features/orders/components/products-screen';
import { clientWalletQueryOptions } from '../../features/wallet/api/get-client-wallet';
import { paths } from '../../lib/paths';
import { checkoutWalletOf } from '../checkout-wallet';

export function Component() {
  const navigate = useNavigate();
  const { auth } = useAuth();
  // The checkout offers the wallet with its balance; the wallet area owns the call.
  const wallet = checkoutWalletOf(useQuery(clientWalletQueryOptions()));
  return (
    <Container size="xl" py="lg">
      <ProductsScreen
        {...(auth?.clientId ? { clientId: auth.clientId } : {})}
        wallet={wallet}
        onPlaced={(order, payment) =>
          payment.method === 'card'
            ? navigate(paths.paymentRedirect.getHref(), {
                state: { purpose: 'OrderPayment', orderNumber: order.orderNumber },
              })
            : navigate(paths.order.getHref(order.orderNumber))
        }
      />
    </Container>
  );
}
