import { Container } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { OrderDetailScreen } from '../../features/orders/components/order-detail-screen';
import { RefundNotice } from '../../features/payments/components/refund-notice';
import { paths } from '../../lib/paths';

export function Component() {
  const { orderNumber = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Container size="md" py="lg">
      <OrderDetailScreen
        key={orderNumber}
        orderNumber={orderNumber}
        historyHref={paths.orderHistory.getHref()}
        paymentNotice={<RefundNotice orderNumber={orderNumber} />}
        onPay={(order) =>
          navigate(paths.paymentRedirect.getHref(), {
            state: { purpose: 'OrderPayment', orderNumber: order.orderNumber },
          })
        }
      />
    </Container>
  );
}
