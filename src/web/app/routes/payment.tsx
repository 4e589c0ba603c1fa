import { useLocation, useParams } from 'react-router';
import { PaymentScreen } from '../../features/payments/components/payment-screen';
import { readPaymentScreenState } from '../../features/payments/lib/checkout-state';

export function Component() {
  const { ref = '', accessCode = '', id = '', purpose = '' } = useParams();
  const location = useLocation();
  const { paymentNumber } = readPaymentScreenState(location.state);
  return (
    <PaymentScreen
      key={accessCode}
      reference={ref}
      accessCode={accessCode}
      id={id}
      purpose={purpose}
      {...(paymentNumber ? { paymentNumber } : {})}
    />
  );
}
