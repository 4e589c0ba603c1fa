// The client's payment reads without the app's query cache: the app's queries (get-usable-card.ts,
// get-order-payments.ts) and an order's first view (app/first-views) ask them the same way.
import type { PaymentView, UsableCard } from '../../../../domain/schemas/payment';
import { api } from '../../../lib/api-client';

/** GET /api/payment/usable: the card the client saved (bin, last4, expiry), or null. */
export const getUsableCard = () => api.get<UsableCard>('payment/usable');

/** GET payment/order/{orderNumber}: the payments of one of the client's orders, newest first. */
export const getOrderPayments = (orderNumber: string) =>
  api.get<PaymentView[]>(`payment/order/${encodeURIComponent(orderNumber)}`);
