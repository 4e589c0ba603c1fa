import type { AdminOrderDetail, AdminOrderSummary } from '../../../../domain/schemas/sales';

/** A paid pickup order as the staff's orders list shows it. */
export const adminOrderSummary = (overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary => ({
  id: 'o1',
  orderNumber: 'ARV-1A2B3C',
  status: 'Paid',
  paymentStatus: 'success',
  paymentType: 'Wallet',
  deliveryOption: 'PickUp',
  type: 'Gas',
  total: 850_000,
  clientName: 'Ada Obi',
  clientPhone: '08010000002',
  createdAt: '2026-11-27T09:00:00.000Z',
  paidAt: '2026-11-27T09:01:00.000Z',
  ...overrides,
});

/** The same order as its staff detail page reads it, with no lines or steps unless given. */
export const adminOrderDetail = (overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail => ({
  ...adminOrderSummary(),
  subtotal: 850_000,
  deliveryFee: 0,
  pickupDispute: '',
  isDelivered: false,
  deliveredAt: null,
  items: [],
  events: [],
  ...overrides,
});
