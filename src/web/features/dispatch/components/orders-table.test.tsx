import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { adminOrderSummary } from '../test/fixtures';
import { OrdersTable } from './orders-table';

const order = adminOrderSummary;

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

  it('names the payment type as the sales figures do', () => {
    renderWithProviders(
      <OrdersTable orders={[order({ paymentType: 'Electronic' }), order({ id: 'o2', paymentType: null })]} />,
    );
    expect(screen.getByText('Card and transfer')).toBeInTheDocument();
    expect(screen.queryByText('Electronic')).not.toBeInTheDocument();
    expect(screen.getByText('—')).toBeInTheDocument();
  });
});
