import type { AppData } from '../../../../domain/schemas/app';
import type { PaymentView } from '../../../../domain/schemas/payment';

/** A payment as GET /api/payment/verify/{paymentNumber} answers it. */
export const paymentView = (overrides: Partial<PaymentView> = {}): PaymentView => ({
  paymentNumber: 'PMT-ABCDEFGHJK',
  reference: 'ARV_ref',
  purpose: 'OrderPayment',
  gateway: 'Paystack',
  status: 'pending',
  step: 'Initialize',
  amount: 850000,
  paidAmount: null,
  orderNumber: 'ARV-7K2M9Q',
  channel: null,
  valueGiven: false,
  cardOffer: null,
  refund: null,
  paidAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...overrides,
});

/** GET /api/app/data of a sandbox server. */
export const sandboxAppData: AppData = {
  company: { name: 'Arrive', _name: 'arrive' },
  paymentMode: 'sandbox',
  paystackPublicKey: 'pk_test_sandbox',
  smsProvider: 'console',
  mapsMode: 'estimate',
  currency: 'NGN',
  startedAt: '2026-11-22T10:00:00.000Z',
};
