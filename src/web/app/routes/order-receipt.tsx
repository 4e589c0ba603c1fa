import { Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { centersQueryOptions } from '../../features/centers/api/get-centers';
import { ReceiptScreen } from '../../features/orders/components/receipt-screen';
import { paths } from '../../lib/paths';

export function Component() {
  const { orderNumber = '' } = useParams();
  // The receipt names the gas center with its address (the centers area owns the call).
  const centers = useQuery(centersQueryOptions()).data;
  return (
    <Container size="md" py="lg">
      <ReceiptScreen
        key={orderNumber}
        orderNumber={orderNumber}
        orderHref={paths.order.getHref(orderNumber)}
        receiptUrl={`${window.location.origin}${paths.orderReceipt.getHref(orderNumber)}`}
        centers={centers}
      />
    </Container>
  );
}
