import { useParams } from 'react-router';
import { PaymentSuccessScreen } from '../../features/payments/components/payment-success-screen';

/** Both /payment/success/{id}/{paymentNumber}/{purpose} and the wallet's /payment/success/{paymentNumber}/{purpose}. */
export function Component() {
  const { id, paymentNumber = '', purpose = '' } = useParams();
  return (
    <PaymentSuccessScreen key={paymentNumber} paymentNumber={paymentNumber} purpose={purpose} {...(id ? { id } : {})} />
  );
}
