import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { ReceiptScreen } from '../../features/orders/components/receipt-screen';
import { paths } from '../../lib/paths';

export function Component() {
  const { orderNumber = '' } = useParams();
  return (
    <Container size="md" py="lg">
      <ReceiptScreen
        key={orderNumber}
        orderNumber={orderNumber}
        orderHref={paths.order.getHref(orderNumber)}
        receiptUrl={`${window.location.origin}${paths.orderReceipt.getHref(orderNumber)}`}
      />
    </Container>
  );
}
