import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../../lib/local-db';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { adminOrderDetail } from '../test/fixtures';
import { OrderDetailScreen } from './order-detail-screen';

const detail = adminOrderDetail({
  total: 2_350_000,
  subtotal: 2_350_000,
  items: [
    { name: 'Cooking gas (12.5 kg cylinder)', unitPrice: 150_000, quantity: 12.5, sizeKg: 12.5, lineTotal: 1_875_000 },
    { name: 'Single burner', unitPrice: 475_000, quantity: 1, sizeKg: null, lineTotal: 475_000 },
  ],
});

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
