import type { PaymentView } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';

/**
 * POST /api/payment/paystack/send_payment: pays the order with the client's saved card in one
 * step (charge_authorization on the server). A decline answers the payment with status 'failed'
 * and the bank's reason (declineReason).
 */
export const payWithSavedCard = ({ orderNumber, idempotencyKey }: { orderNumber: string; idempotencyKey: string }) =>
  api.post<PaymentView>('payment/paystack/send_payment', { orderNumber }, { idempotencyKey });
