import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOrderSummary } from '../../../../domain/schemas/sales';
import { renderWithProviders } from '../../../test/render';
import { OrdersTable } from './orders-table';

const order = (overrides: Partial<AdminOrderSummary>): AdminOrderSummary => ({
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

describe('OrdersTable', () => {
  it("shows a client's name with their number under it", () => {
    renderWithProviders(<OrdersTable orders={[order({})]} />);
    expect(screen.getByText('Ada Obi')).toBeInTheDocument();
    expect(screen.getByText('08010000002')).toBeInTheDocument();
  });

  it('shows a client without a name by their number, once', () => {
    renderWithProviders(<OrdersTable orders={[order({ clientName: '08010000002' })]} />);
    expect(screen.getAllByText('08010000002')).toHaveLength(1);
  });
});
