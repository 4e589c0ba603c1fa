import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../../domain/schemas/order';
import { renderWithProviders } from '../../../test/render';
import { OrderTimeline } from './order-timeline';

const step = (id: string, kind: OrderEvent['kind'], status: OrderEvent['status'], note: string | null = null) => ({
  id,
  kind,
  status,
  note,
  at: '2026-11-29T09:00:00.000Z',
});

describe("an order's timeline", () => {
  it('shows a delivered home delivery as one Delivered step, with the steps before it', () => {
    renderWithProviders(
      <OrderTimeline
        events={[
          step('1', 'order', 'Not Paid'),
          step('2', 'order', 'Paid'),
          step('3', 'delivery', 'Accepted', 'Carrier: Musa (Bike)'),
          step('4', 'delivery', 'InTransit'),
          step('5', 'delivery', 'Delivered'),
          step('6', 'order', 'Delivered'),
        ]}
      />,
    );
    const timeline = screen.getByLabelText('Order status timeline');
    expect(within(timeline).getAllByText('Delivered')).toHaveLength(1);
    expect(within(timeline).getByText('Carrier: Musa (Bike)')).toBeInTheDocument();
  });

  it("names what the rider collected from the order's items, as the rider's screen does", () => {
    const events = [step('1', 'delivery', 'Accepted'), step('2', 'delivery', 'CarrierPickup')];
    const line = { id: 'l1', productId: 'p1', name: 'Single burner', unitPrice: 1, lineTotal: 1, sizeKg: null };
    const { unmount } = renderWithProviders(
      <OrderTimeline events={events} items={[{ ...line, productType: 'Burner', quantity: 1 }]} />,
    );
    expect(screen.getByText('Rider collected your burner')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <OrderTimeline
        events={events}
        items={[
          { ...line, productType: 'Gas', name: 'Cooking gas', quantity: 12.5, sizeKg: 12.5 },
          { ...line, id: 'l2', productType: 'GasStove', name: 'Gas stove', quantity: 1 },
        ]}
      />,
    );
    expect(screen.getByText('Rider collected your items')).toBeInTheDocument();
    expect(screen.queryByText(/cylinder/)).not.toBeInTheDocument();
  });
});
