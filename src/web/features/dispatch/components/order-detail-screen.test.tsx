import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminOrderDetail } from '../../../../domain/schemas/sales';
import { localDb } from '../../../lib/local-db';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { OrderDetailScreen } from './order-detail-screen';

const detail: AdminOrderDetail = {
  id: 'o1',
  orderNumber: 'ARV-1A2B3C',
  status: 'Paid',
  paymentStatus: 'success',
  paymentType: 'Wallet',
  deliveryOption: 'PickUp',
  type: 'Gas',
  total: 2_350_000,
  clientName: 'Ada Obi',
  clientPhone: '08010000002',
  createdAt: '2026-11-27T09:00:00.000Z',
  paidAt: '2026-11-27T09:01:00.000Z',
  subtotal: 2_350_000,
  deliveryFee: 0,
  pickupDispute: '',
  isDelivered: false,
  deliveredAt: null,
  items: [
    { name: 'Cooking gas (12.5 kg cylinder)', unitPrice: 150_000, quantity: 12.5, sizeKg: 12.5, lineTotal: 1_875_000 },
    { name: 'Single burner', unitPrice: 475_000, quantity: 1, sizeKg: null, lineTotal: 475_000 },
  ],
  events: [],
};

beforeEach(async () => {
  await localDb.orders.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the staff order detail', () => {
  it('shows each line in three columns, its unit price under its quantity, per kg for gas', async () => {
    fakeApi({ 'GET admin/orders/detail/:id': { status: 200, body: detail } });
    renderWithProviders(<OrderDetailScreen orderId="o1" />);
    expect(await screen.findByText('₦1,500.00 per kg')).toBeInTheDocument();
    expect(screen.getByText('₦4,750.00 each')).toBeInTheDocument();
    const head = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(head).toEqual(['Item', 'Quantity', 'Amount']);
    expect(screen.getByText('₦23,500.00', { selector: 'th' })).toBeInTheDocument();
  });
});
