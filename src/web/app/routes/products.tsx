import { Container } from '@mantine/core';
import { useNavigate } from 'react-router';
import { ProductsScreen } from '../../features/orders/components/products-screen';
import { paths } from '../../lib/paths';

export function Component() {
  const navigate = useNavigate();
  return (
    <Container size="xl" py="lg">
      <ProductsScreen
        onPlaced={(order) =>
          navigate(paths.paymentRedirect.getHref(), {
            state: { purpose: 'OrderPayment', orderNumber: order.orderNumber },
          })
        }
      />
    </Container>
  );
}
