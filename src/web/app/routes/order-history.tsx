import { Container } from '@mantine/core';
import { OrderHistoryScreen } from '../../features/orders/components/order-history-screen';
import { paths } from '../../lib/paths';

export function Component() {
  return (
    <Container size="md" py="lg">
      <OrderHistoryScreen orderHref={paths.order.getHref} productsHref={paths.products.getHref()} />
    </Container>
  );
}
