import type { DispatchDelivery } from '../../../../domain/schemas/delivery';
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

/** A paid home delivery, assigned to a rider, as the board and the rider's phone list it. */
export const dispatchDelivery = (overrides: Partial<DispatchDelivery> = {}): DispatchDelivery => ({
  id: 'd1',
  orderId: 'o1',
  orderNumber: 'ARV-7K2M9Q',
  clientId: 'c1',
  status: 'Accepted',
  type: 'oneWay',
  address: { line1: '12 Herbert Macaulay Way', city: 'Yaba', state: 'Lagos' },
  distanceKm: 4,
  fee: 150_000,
  carrierClientId: 'r1',
  carrierName: 'Tunde Rider',
  carrierPhone: '08030000204',
  vehicle: 'Bike',
  note: null,
  assignedAt: '2026-11-29T08:00:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-29T07:50:00.000Z',
  updatedAt: '2026-11-29T08:00:00.000Z',
  statusChangedAt: '2026-11-29T08:00:00.000Z',
  clientName: 'Ada Obi',
  clientPhone: '08030000201',
  orderTotal: 6_677_500,
  orderStatus: 'Paid',
  items: [{ name: 'Single burner', quantity: 1, sizeKg: null, productType: 'Burner' }],
  steps: [],
  ...overrides,
});
