import { useLocation, useParams } from 'react-router';
import { PaymentScreen, type PaymentScreenProps } from '../../features/payments/components/payment-screen';
import { readPaymentScreenState } from '../../features/payments/lib/checkout-state';

export function Component() {
  const { ref: reference = '', accessCode = '', id = '', purpose = '' } = useParams();
  const location = useLocation();
  const { paymentNumber } = readPaymentScreenState(location.state);
  const props: PaymentScreenProps = { reference, accessCode, id, purpose, ...(paymentNumber ? { paymentNumber } : {}) };
  return <PaymentScreen key={accessCode} {...props} />;
}
